import StrataData
// Planted: tests live under src/ too when there is no Tests folder.
import StrataDomain
