@_exported import StrataDomain
@_exported public import StrataCrossCutting
import StrataData

public struct HostCommand {}
