@_spi(Testing) public import StrataData

extension DataLayerFactory {
    /// Test support may open the real store (on an in-memory database).
    public static func inMemory() throws -> any DataLayer { try DataLayerFactory.live(path: ":memory:") }
}
