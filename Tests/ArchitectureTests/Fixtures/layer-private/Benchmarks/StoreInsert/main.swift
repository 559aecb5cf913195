// Allowed: the benchmark measures the store against the raw C API.
import CSQLite
import StrataCrossCutting
import StrataData

print("ratio")
