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
    /// Each field's last writer (``FieldWriter``), as a write transaction reads and saves the
    /// object; empty for an object stored before writers were kept (unknown writers: never a
    /// conflict), and in the objects a pull or a query reads (they do not need them).
    public var writers: [String: FieldWriter]
    /// The type of the object this one belongs to (a follow-up's report), as the change that
    /// created or re-sent it named it (``WireChange/parentType``), or `nil`. Deleting that
    /// object deletes this one; read by a write transaction, `nil` in the objects a pull reads.
    public var parentType: String?
    /// The id of the object this one belongs to (see ``parentType``), or `nil`.
    public var parentId: String?

    /// An object.
    public init(
        typeName: String, objectId: String, values: [String: WireValue], scope: Int, ownerUser: String,
        ownerGroup: String?, deleted: Bool, version: Int64, writers: [String: FieldWriter] = [:],
        parentType: String? = nil, parentId: String? = nil
    ) {
        self.writers = writers
        self.parentType = parentType
        self.parentId = parentId
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
