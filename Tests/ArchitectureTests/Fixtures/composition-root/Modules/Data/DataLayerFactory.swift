import StrataCrossCutting

public protocol DataLayer: Sendable {}

public enum DataLayerFactory {
    public static func live(path: String) throws -> any DataLayer { fatalError() }

    /// The factory's own module may build one member on another.
    public static func readOnly(path: String) throws -> any DataLayer { try DataLayerFactory.live(path: path) }
}
