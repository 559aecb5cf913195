public import StrataData

extension DataLayerFactory {
    /// The double the fix messages name.
    public static func inMemory(readOnly: Bool = false) -> any DataLayer { fatalError() }
}
