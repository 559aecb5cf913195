public import Foundation

/// What the admin console shows of the synced data (part of ``AdminService``): per app
/// version the object types with their counts, a paged and searchable table of one type's
/// objects, and one object with its fields and the history the server keeps of it.
///
/// Values are shown as the server holds them: a field an app encrypts before syncing is
/// ciphertext here, and the server never decrypts anything. An app version that is not
/// registered throws ``ServerError`` `notFound` naming it (and no database is created for it).
public protocol AdminDataBrowsing: Sendable {
    /// The object types of an app version, by name, with their counts.
    func objectTypes(appId: String, version: String) async throws -> [AdminObjectType]
    /// One page of a type's objects (every owner's, deleted ones included), newest version
    /// first, `limit` from `offset`; with `search`, only those whose id contains it or whose
    /// owner's account name contains it (both ASCII case-insensitive).
    func objects(appId: String, version: String, typeName: String, search: String?, offset: Int, limit: Int) async throws
        -> AdminObjectPage
    /// One object with its fields and its history, newest first.
    func objectHistory(appId: String, version: String, typeName: String, objectId: String) async throws
        -> AdminObjectHistory
}

/// A type's objects in one app version.
public struct AdminObjectType: Sendable, Hashable, Codable {
    /// The value-object type.
    public var typeName: String
    /// Objects not deleted.
    public var live: Int
    /// Deleted objects (tombstones the server keeps for pulls).
    public var deleted: Int

    /// A type's counts.
    public init(typeName: String, live: Int, deleted: Int) {
        self.typeName = typeName
        self.live = live
        self.deleted = deleted
    }
}

/// One field of an object as the server holds it.
public struct AdminField: Sendable, Hashable, Codable {
    /// The field's name.
    public var name: String
    /// Its value as text: numbers as written, text as is, `null`, bytes as `base64:…`.
    public var value: String

    /// A field.
    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}

/// An object as the admin console shows it.
public struct AdminObject: Sendable, Hashable, Codable {
    /// The value-object type.
    public var typeName: String
    /// The object's id.
    public var objectId: String
    /// The owner's user id.
    public var ownerUserId: String
    /// The owner's account name (empty when the user no longer exists).
    public var owner: String
    /// The owner group's name (its id when the group no longer exists; empty for none).
    public var ownerGroup: String
    /// `user`, `group` or `all`.
    public var scope: String
    /// The server's version of the object: the app's change counter when it last changed.
    public var version: Int64
    /// Whether it was deleted.
    public var deleted: Bool
    /// Its fields by name (none once deleted).
    public var fields: [AdminField]

    /// An object.
    public init(
        typeName: String, objectId: String, ownerUserId: String, owner: String, ownerGroup: String, scope: String,
        version: Int64, deleted: Bool, fields: [AdminField]
    ) {
        self.typeName = typeName
        self.objectId = objectId
        self.ownerUserId = ownerUserId
        self.owner = owner
        self.ownerGroup = ownerGroup
        self.scope = scope
        self.version = version
        self.deleted = deleted
        self.fields = fields
    }
}

/// A page of objects.
public struct AdminObjectPage: Sendable, Hashable, Codable {
    /// The page's objects.
    public var objects: [AdminObject]
    /// How many objects match over every page.
    public var total: Int
    /// Where the page starts.
    public var offset: Int
    /// The page's size.
    public var limit: Int

    /// A page.
    public init(objects: [AdminObject], total: Int, offset: Int, limit: Int) {
        self.objects = objects
        self.total = total
        self.offset = offset
        self.limit = limit
    }
}

/// One thing the server recorded of an object, at a version.
public struct AdminHistoryEntry: Sendable, Hashable, Codable {
    /// What happened: `deleted`, `written` (the latest write of some fields), `scope narrowed`,
    /// or `overwrote` (a write replaced another user's concurrent one).
    public var event: String
    /// The version of the write.
    public var version: Int64
    /// The account that wrote (empty when unknown or gone).
    public var account: String
    /// The fields concerned.
    public var fields: [String]
    /// A line saying more (the previous scope, whose write was replaced), or empty.
    public var detail: String
    /// When it was recorded, when the server keeps the time.
    public var recordedAt: Date?

    /// An entry.
    public init(event: String, version: Int64, account: String, fields: [String], detail: String, recordedAt: Date?) {
        self.event = event
        self.version = version
        self.account = account
        self.fields = fields
        self.detail = detail
        self.recordedAt = recordedAt
    }
}

/// An object and its history, newest first.
public struct AdminObjectHistory: Sendable, Hashable, Codable {
    /// The object as the server holds it now.
    public var object: AdminObject
    /// What the server keeps of its past: the latest writer of each field, the writes that
    /// narrowed its scope, the overwrite notices of the last 30 days, its deletion.
    public var entries: [AdminHistoryEntry]

    /// A history.
    public init(object: AdminObject, entries: [AdminHistoryEntry]) {
        self.object = object
        self.entries = entries
    }
}
