/// Everything the data layer offers a higher layer, obtained from ``DataLayerFactory``.
///
/// Later issues add members (change journal, sync, session); each is a protocol so a test
/// can swap in a double from `StrataDataTesting`.
public protocol DataLayer: Sendable {
    /// The value-object store.
    var store: any ValueObjectStore { get }
    /// Whether this layer can write (`false` for ``DataLayerFactory/readOnly(container:logger:)``).
    var isWritable: Bool { get }
    /// Where the data lives, for messages and `--verbose` output: a file path or `in-memory`.
    var location: String { get }
}
