public import StrataData

public protocol SyncEngine: Sendable {}

public enum SyncFactory {
    public static func live(data: any DataLayer) -> any SyncEngine { fatalError() }
    public static func offline(data: any DataLayer) -> any SyncEngine { SyncFactory.live(data: data) }
}
