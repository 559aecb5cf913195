/// One operation of the data layer's protocols, as an in-memory double names it.
///
/// Pass a set of these as `allowing:` to ``StrataData/DataLayerFactory/inMemory(readOnly:allowing:)``
/// to say which calls a test expects; any other call fails loudly with
/// `DataError` `unexpectedCall`.
public enum DataOperation: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// `ValueObjectStore.register(_:)`.
    case register
    /// `ValueObjectStore.save(_:)` with one object.
    case save
    /// `ValueObjectStore.save(_:)` with a list of objects.
    case saveList
    /// `ValueObjectStore.fetch(_:id:)`.
    case fetch
    /// `ValueObjectStore.delete(_:)` with one object.
    case delete
    /// `ValueObjectStore.delete(_:)` with a list of objects.
    case deleteList
    /// `ValueObjectStore.deleteAll(_:)`.
    case deleteAll
    /// `ValueObjectStore.query(_:)`.
    case query
    /// `ValueObjectStore.count(_:)`.
    case count

    /// The operation's name, as the error of an unexpected call lists it (`saveList`).
    public var description: String { rawValue }

    /// How a call of this operation on `typeName` reads in an error message: `save(CaseReport)`,
    /// `save([CaseReport])`.
    func call(on typeName: String) -> String {
        switch self {
        case .saveList: "save([\(typeName)])"
        case .deleteList: "delete([\(typeName)])"
        default: "\(rawValue)(\(typeName))"
        }
    }
}
