import StrataCrossCutting
import StrataData
import StrataWire

// Planted above: the server's data layer borrows the client's store, at the same rank.
public protocol ServerStore: Sendable {}
