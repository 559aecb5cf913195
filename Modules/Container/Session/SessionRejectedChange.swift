public import Foundation

/// A change the server refused, as the ``SessionService`` lists it: kept on the device until
/// it is retried (sent again with the edits since) or discarded (the server's version comes
/// back at the next sync).
public struct SessionRejectedChange: Sendable, Hashable {
    /// The change's id (its operation id); an unambiguous start of it names it too.
    public var id: String
    /// The value-object type (`CaseReport`).
    public var typeName: String
    /// The object's id (`*` for a delete of every object of the type).
    public var objectID: String
    /// `insert`, `update`, `delete` or `deleteAll`.
    public var operation: String
    /// When the change was made.
    public var madeAt: Date
    /// The server's reason.
    public var reason: String

    /// A rejected change with every field given.
    public init(id: String, typeName: String, objectID: String, operation: String, madeAt: Date, reason: String) {
        self.id = id
        self.typeName = typeName
        self.objectID = objectID
        self.operation = operation
        self.madeAt = madeAt
        self.reason = reason
    }
}
