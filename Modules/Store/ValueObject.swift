/// A typed value persisted by the value-object store: the seed's `APObject`, as a Swift value.
///
/// A value object is a struct with an optional ``objectId`` and a static ``schema`` listing
/// the fields to store. Registering its type creates one SQLite table for it (and migrates
/// the table when the schema gains fields); saving it inserts when ``objectId`` is `nil` and
/// updates otherwise.
///
/// ```swift
/// public struct Note: ValueObject {
///     public var objectId: String?
///     public var title = ""
///     public var pinned = false
///     public init() {}
///     public static let schema = ValueObjectSchema<Note>("Note", fields: [
///         .field("title", \.title),
///         .field("pinned", \.pinned),
///     ], indexed: ["title"])
/// }
/// ```
///
/// - Important: `init()` must produce the defaults: when a field is added to the schema,
///   rows stored before it get the value `init()` gives that field.
public protocol ValueObject: Sendable {
    /// The unique id the store gave this object when it was first saved; `nil` before that.
    var objectId: String? { get set }
    /// An object with every field at its default value.
    init()
    /// The stored fields, the table name and the indexes.
    static var schema: ValueObjectSchema<Self> { get }
}
