import StrataCrossCutting

public protocol Store: Sendable {}
