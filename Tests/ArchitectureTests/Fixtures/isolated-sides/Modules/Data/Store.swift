import StrataCrossCutting
import StrataWire

public protocol Store: Sendable {}
