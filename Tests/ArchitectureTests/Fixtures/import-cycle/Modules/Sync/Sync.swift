import StrataData

public protocol SyncEngine: Sendable {}
