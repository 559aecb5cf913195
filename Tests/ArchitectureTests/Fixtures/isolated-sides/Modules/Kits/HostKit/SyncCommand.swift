import StrataCrossCutting
import StrataDomain

// Planted below: a client kit borrowing the server's kit is a side violation, not a sibling one.
import StrataServerKit

struct SyncCommand {}
