import StrataCrossCutting

public protocol ServerDataLayer: Sendable {}

public enum ServerDataFactory {
    public static func sqlite(directory: String) throws -> any ServerDataLayer { fatalError() }
}
