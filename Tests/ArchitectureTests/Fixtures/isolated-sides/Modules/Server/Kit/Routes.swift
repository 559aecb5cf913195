import StrataServerDomain
import StrataWire
#if DEBUG
import StrataDomain
#endif

// Planted above: the ranks allow it (4 over 2), the sides do not; every #if branch counts.
struct Routes {}
