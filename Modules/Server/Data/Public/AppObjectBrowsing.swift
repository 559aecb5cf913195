/// What the admin console reads of one app version's objects: the types with their counts, a
/// searchable page of one type's objects (every owner's, deleted ones included), and what the
/// store keeps of one object's past (its scope narrowings and overwrite notices). No
/// visibility applies: only an administrator's pages call these.
public protocol AppObjectBrowsing: Sendable {
    /// Every type name with objects, by name, with its live and deleted objects' counts.
    func typeCounts() async throws -> [StoredTypeCount]

    /// The objects of `typeName`, newest version first (then by object id), skipping `offset`,
    /// at most `limit`, with the number of objects that match. When `search` is given, only
    /// the objects whose id contains it (ASCII case-insensitive) or whose owner is one of
    /// `ownerIds`.
    func browse(typeName: String, search: String?, ownerIds: [String], offset: Int, limit: Int) async throws
        -> StoredObjectPage

    /// The writes that narrowed the scope of the object, newest first.
    func narrowings(typeName: String, objectId: String) async throws -> [StoredNarrowing]

    /// The overwrite notices recorded for the object (kept 30 days), newest first.
    func overwrites(typeName: String, objectId: String) async throws -> [StoredOverwrite]
}

/// One type's objects in an app version.
public struct StoredTypeCount: Sendable, Hashable {
    /// The value-object type.
    public var typeName: String
    /// Its objects not deleted.
    public var live: Int
    /// Its deleted objects (tombstones).
    public var deleted: Int

    /// A count.
    public init(typeName: String, live: Int, deleted: Int) {
        self.typeName = typeName
        self.live = live
        self.deleted = deleted
    }
}

/// A page of one type's objects and how many match in all.
public struct StoredObjectPage: Sendable, Hashable {
    /// The page's objects (without their writers).
    public var objects: [StoredObject]
    /// How many objects match, over every page.
    public var total: Int

    /// A page.
    public init(objects: [StoredObject], total: Int) {
        self.objects = objects
        self.total = total
    }
}

/// A write that narrowed an object's scope, as the store keeps it for pulls' tombstones.
public struct StoredNarrowing: Sendable, Hashable {
    /// The version of the write.
    public var version: Int64
    /// The scope the object had before it (1 user, 2 group, 3 all).
    public var previousScope: Int
    /// The owner then.
    public var ownerUser: String
    /// The owner group then, if any.
    public var ownerGroup: String?

    /// A narrowing.
    public init(version: Int64, previousScope: Int, ownerUser: String, ownerGroup: String?) {
        self.version = version
        self.previousScope = previousScope
        self.ownerUser = ownerUser
        self.ownerGroup = ownerGroup
    }
}
