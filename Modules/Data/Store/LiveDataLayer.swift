/// The live data layer: a SQLite-backed store, as ``DataLayerFactory/live(container:logger:)``
/// and ``DataLayerFactory/readOnly(container:logger:)`` return it.
struct LiveDataLayer: DataLayer {
    /// The SQLite store.
    let store: any ValueObjectStore
    /// Whether the store was opened for writing.
    let isWritable: Bool
    /// The store file's path.
    let location: String
}
