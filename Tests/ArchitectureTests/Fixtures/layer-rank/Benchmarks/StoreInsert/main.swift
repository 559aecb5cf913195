import StrataData
// Planted: a benchmark may measure the layers up to the domain, not a micro-app.
import StrataReportsApp

print("rows/s")
