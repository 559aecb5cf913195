import StrataData

/// The data layer `DataLayerFactory.inMemory(readOnly:allowing:)` returns.
struct InMemoryDataLayer: DataLayer {
    let store: any ValueObjectStore
    let isWritable: Bool
    var location: String { "in-memory" }
}
