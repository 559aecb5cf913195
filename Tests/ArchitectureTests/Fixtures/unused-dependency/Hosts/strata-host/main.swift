// StrataDomain and StrataCrossCutting are re-exported by StrataHostKit (`@_exported import`): they count as used.
import StrataHostKit

print(HostCommand())
