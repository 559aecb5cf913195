// Allowed: the data layer's internal wrapper owns the C API.
import CSQLite
import StrataCrossCutting

struct Connection {}
