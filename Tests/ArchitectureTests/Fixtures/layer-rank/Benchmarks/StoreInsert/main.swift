import StrataData
// Planted: a benchmark may measure data and cross-cutting, not the domain.
import StrataDomain

print("rows/s")
