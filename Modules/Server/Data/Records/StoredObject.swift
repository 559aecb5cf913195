public import StrataWire

/// One value object as the server holds it: values, scope, owner and change version.
public struct StoredObject: Sendable, Hashable {
    /// The value-object type.
    public var typeName: String
    /// The object's id.
    public var objectId: String
    /// The values (empty once deleted).
    public var values: [String: WireValue]
    /// 1 user, 2 group, 3 all.
    public var scope: Int
    /// The creator's user id.
    public var ownerUser: String
    /// The creator's primary group id when it was created, if any.
    public var ownerGroup: String?
    /// Whether it was deleted (logically).
    public var deleted: Bool
    /// The app's change counter when it last changed.
    public var version: Int64

    /// An object.
    public init(
        typeName: String, objectId: String, values: [String: WireValue], scope: Int, ownerUser: String,
        ownerGroup: String?, deleted: Bool, version: Int64
    ) {
        self.typeName = typeName
        self.objectId = objectId
        self.values = values
        self.scope = scope
        self.ownerUser = ownerUser
        self.ownerGroup = ownerGroup
        self.deleted = deleted
        self.version = version
    }
}
