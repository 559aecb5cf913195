#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// `POST /v1/auth/login`: an account's password for a token, for one app (id, version, key).
public struct LoginRequest: Sendable, Hashable, Codable {
    /// The account name.
    public var account: String
    /// The password.
    public var password: String
    /// The app id: with the version, it selects the server-side database.
    public var appId: String
    /// The app version.
    public var appVersion: String
    /// The app key issued by `strata-server admin app create`.
    public var appKey: String

    /// A login request.
    public init(account: String, password: String, appId: String, appVersion: String, appKey: String) {
        self.account = account
        self.password = password
        self.appId = appId
        self.appVersion = appVersion
        self.appKey = appKey
    }
}

/// The answer to a login: the token, when it expires, who the user is and their groups.
public struct LoginResponse: Sendable, Hashable, Codable {
    /// The bearer token for every later request.
    public var token: String
    /// When the token stops being valid.
    public var validUntil: Date
    /// The user's id.
    public var userId: String
    /// The account name.
    public var account: String
    /// The user's groups and roles.
    public var groups: [WireGroupRole]

    /// A login answer.
    public init(token: String, validUntil: Date, userId: String, account: String, groups: [WireGroupRole]) {
        self.token = token
        self.validUntil = validUntil
        self.userId = userId
        self.account = account
        self.groups = groups
    }
}

/// A group and the user's role in it.
public struct WireGroupRole: Sendable, Hashable, Codable {
    /// The group's id.
    public var groupId: String
    /// The group's name.
    public var groupName: String
    /// The user's role in the group.
    public var roleName: String

    /// A group membership.
    public init(groupId: String, groupName: String, roleName: String) {
        self.groupId = groupId
        self.groupName = groupName
        self.roleName = roleName
    }
}

/// One change sent to the server (`POST /v1/changes`); applying one operation id twice changes nothing.
public struct WireChange: Sendable, Hashable, Codable {
    /// The client's unique id for this change: the server applies each exactly once.
    public var operationId: String
    /// The value-object type.
    public var typeName: String
    /// The object's id (`*` for `deleteAll`).
    public var objectId: String
    /// `insert`, `update`, `delete` or `deleteAll`.
    public var operation: String
    /// The values (empty for deletes).
    public var values: [String: WireValue]
    /// The object's scope: 1 user, 2 group, 3 all.
    public var scope: Int
    /// For an `update`: the keys of the fields this change set. The server replaces only those
    /// in the object it holds (a key listed but absent from ``values`` removes the field: it
    /// reads as null) and keeps the others, so concurrent edits of different fields all
    /// survive. `nil` (what older clients send, and every insert and delete) replaces the
    /// whole object with ``values``.
    public var fields: [String]?
    /// The server version (``WireObject/version``) the device's copy had when the edit was
    /// made, for policies that compare with it; `nil` when the device does not know it.
    public var baseVersion: Int64?
    /// For an `insert`: the id of the group the new object is filed under (as
    /// ``WireObject/ownerGroup``), one of the pushing user's groups, or the server rejects the
    /// change. `nil` files it under the user's primary group. An `update` of an object the server
    /// lacks (re-sent after a restore) creates it under this group when the user is a member,
    /// else under the primary one; on any other write it is ignored: an object's owner group never changes.
    public var ownerGroup: String?
    /// For an `insert` or `update` of an object of a type that shares its visibility with
    /// another object (a follow-up with its report): that object's type name. The server keeps
    /// it with the object; deleting that object deletes this one, and a write under an object the
    /// server holds as deleted is refused. `nil` (older clients, other types): no parent.
    public var parentType: String?
    /// The id of the object named by ``parentType``; sent together with it.
    public var parentId: String?
    /// The conflict policy the type declares (``WireConflictPolicy``): `merge` (also what `nil`
    /// means) or `fail-if-changed`. The server may apply a stricter policy it was configured
    /// with, never a looser one.
    public var policy: String?

    /// A change.
    public init(
        operationId: String, typeName: String, objectId: String, operation: String, values: [String: WireValue], scope: Int,
        fields: [String]? = nil, baseVersion: Int64? = nil, ownerGroup: String? = nil, policy: String? = nil,
        parentType: String? = nil, parentId: String? = nil
    ) {
        self.policy = policy
        self.parentType = parentType
        self.parentId = parentId
        self.operationId = operationId
        self.typeName = typeName
        self.objectId = objectId
        self.operation = operation
        self.values = values
        self.scope = scope
        self.fields = fields
        self.baseVersion = baseVersion
        self.ownerGroup = ownerGroup
    }
}

/// `POST /v1/changes` body: a batch of changes, applied in order.
public struct PushRequest: Sendable, Hashable, Codable {
    /// The changes, oldest first.
    public var changes: [WireChange]
    /// A batch.
    public init(changes: [WireChange]) { self.changes = changes }
}

/// What the server did with each change of a batch.
public struct PushResponse: Sendable, Hashable, Codable {
    /// One result per change, in order.
    public var results: [ChangeResult]
    /// A batch answer.
    public init(results: [ChangeResult]) { self.results = results }
}

/// What the server did with one change.
public struct ChangeResult: Sendable, Hashable, Codable {
    /// The change's operation id.
    public var operationId: String
    /// `applied`, `duplicate` (applied before: nothing changed) or `rejected`.
    public var status: String
    /// Why a change was rejected.
    public var reason: String?
    /// For a change refused by its `fail-if-changed` policy: the fields it listed that
    /// another user changed since its ``WireChange/baseVersion``. `nil` for any other result.
    public var conflictFields: [String]?
    /// For a change refused by its `fail-if-changed` policy: the object as the server holds
    /// it now (its values and ``WireObject/version``), so the device can show both sides and
    /// resend on top of it. `nil` for any other result.
    public var current: WireObject?
    /// For a change refused by its `fail-if-changed` policy: the account name of the user whose
    /// write of a ``conflictFields`` field is the newest (so a device can say "carol changed
    /// it"); `(deleted user)` when that user no longer exists. `nil` for any other result.
    public var byAccount: String?

    /// A result.
    public init(
        operationId: String, status: String, reason: String? = nil, conflictFields: [String]? = nil, current: WireObject? = nil,
        byAccount: String? = nil
    ) {
        self.operationId = operationId
        self.status = status
        self.reason = reason
        self.conflictFields = conflictFields
        self.current = current
        self.byAccount = byAccount
    }
}

/// One object as the server holds it (`GET /v1/objects/{type}`).
public struct WireObject: Sendable, Hashable, Codable {
    /// The object's id.
    public var objectId: String
    /// The values.
    public var values: [String: WireValue]
    /// 1 user, 2 group, 3 all.
    public var scope: Int
    /// Who created it.
    public var ownerUser: String?
    /// The creator's group.
    public var ownerGroup: String?
    /// Whether it was deleted (logically, on the server).
    public var deleted: Bool
    /// The server's change counter when it last changed: pull cursors compare with it.
    public var version: Int64

    /// An object.
    public init(
        objectId: String, values: [String: WireValue], scope: Int, ownerUser: String?, ownerGroup: String?, deleted: Bool,
        version: Int64
    ) {
        self.objectId = objectId
        self.values = values
        self.scope = scope
        self.ownerUser = ownerUser
        self.ownerGroup = ownerGroup
        self.deleted = deleted
        self.version = version
    }
}

/// `GET /v1/objects/{type}?since=CURSOR&limit=N`: the objects changed after a cursor, visible to the caller.
public struct PullResponse: Sendable, Hashable, Codable {
    /// The changed objects, by version.
    public var objects: [WireObject]
    /// The cursor to ask from next time.
    public var cursor: Int64
    /// Whether more changes wait past this page.
    public var hasMore: Bool
    /// The server database's identity: a random id made with the database and made anew by
    /// `strata-server admin restore`. A client that sees it change re-pulls from the start
    /// (a client reset). `nil` from a server that does not send it.
    public var epoch: String?
    /// The server's newest history position for the app version (its change counter) when the
    /// page was read: a cursor past it was reached on a history the server no longer has.
    /// `nil` from a server that does not send it.
    public var head: Int64?
    /// What the caller may see, as an opaque fingerprint of the groups whose objects reach the
    /// pull. A client that sees it change since its last pull of the type re-pulls from the
    /// start and removes the objects the re-pull did not return (a revocation: removed from a
    /// group, the group deleted). `nil` from a server that does not send it.
    public var visibility: String?
    /// The caller's field writes of this type that another user's concurrent write replaced
    /// (made on a copy older than the caller's write), in the history window this page covers.
    /// `nil` from a server that does not send it.
    public var overwritten: [WireOverwrite]?

    /// A pull answer.
    public init(
        objects: [WireObject], cursor: Int64, hasMore: Bool, epoch: String? = nil, head: Int64? = nil, visibility: String? = nil,
        overwritten: [WireOverwrite]? = nil
    ) {
        self.overwritten = overwritten
        self.objects = objects
        self.cursor = cursor
        self.hasMore = hasMore
        self.epoch = epoch
        self.head = head
        self.visibility = visibility
    }
}


/// The conflict policies a change may name (``WireChange/policy``).
public enum WireConflictPolicy: String, Sendable, Hashable, CaseIterable, Codable {
    /// The last write of each field in the server's order wins; a user whose field write was
    /// replaced by a concurrent one is told (``PullResponse/overwritten``).
    case merge
    /// A change is refused when a field it lists was changed by another user since its
    /// ``WireChange/baseVersion``; the result carries the current object.
    case failIfChanged = "fail-if-changed"
}

/// A field write of the caller's that another user's concurrent write replaced: that write was
/// made on a copy of the object older than the caller's write, so its author never saw it.
public struct WireOverwrite: Sendable, Hashable, Codable {
    /// The object's id.
    public var objectId: String
    /// The server version of the write that replaced the caller's.
    public var version: Int64
    /// The operation id of the caller's change whose fields were replaced.
    public var operationId: String
    /// The fields replaced.
    public var fields: [String]
    /// What the caller's write had set those fields to (a field absent here was removed).
    public var yours: [String: WireValue]
    /// What they hold now (a field absent here was removed).
    public var theirs: [String: WireValue]
    /// The account name of the user whose write replaced the caller's.
    public var byAccount: String

    /// A notice.
    public init(
        objectId: String, version: Int64, operationId: String, fields: [String], yours: [String: WireValue],
        theirs: [String: WireValue], byAccount: String
    ) {
        self.objectId = objectId
        self.version = version
        self.operationId = operationId
        self.fields = fields
        self.yours = yours
        self.theirs = theirs
        self.byAccount = byAccount
    }
}
