import StrataCrossCutting

public protocol DataLayer: Sendable {}

/// The live factory the fix messages name: found in the code, like every factory.
public enum DataLayerFactory {
    public static func live(path: String) throws -> any DataLayer { fatalError() }
}
