import StrataCrossCutting

/* Planted below: one kit borrows another host's kit. */
@preconcurrency import StrataHostKit

struct StatusFormatter {}
