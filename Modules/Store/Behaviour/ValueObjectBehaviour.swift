/// How the data layer treats one value-object type: where its objects live, how long local
/// copies last, who may see them, and which properties are encrypted — the seed's
/// `setDefaultProperties` (`persistentType`, `isAutoRefresh`, `lifeSpan`, scope,
/// `encryptedProperties`).
///
/// ```swift
/// static let schema = ValueObjectSchema<CaseReport>("CaseReport", fields: [...],
///     behaviour: ValueObjectBehaviour(
///         persistentType: .localAndServer,
///         autoRefresh: AutoRefresh(interval: 1800, scope: .group),
///         lifespan: 86_400,
///         encrypted: ["patientName"]))
/// ```
public struct ValueObjectBehaviour: Sendable, Hashable {
    /// Where objects live. The seed's default, and so Strata's, is ``PersistentType/serverOnly``.
    public var persistentType: PersistentType
    /// Whether and how often the sync engine pulls this type from the server. Meaningful
    /// only for ``PersistentType/localAndServer``; ignored otherwise (as in the seed).
    public var autoRefresh: AutoRefresh?
    /// How long a local row stays readable, in seconds since it was stored or refreshed;
    /// `nil` for no limit. Older rows are never returned and are purged (rows with changes
    /// still waiting to be sent are kept until those are sent).
    public var lifespan: Double?
    /// Who may read and edit the objects; recorded with each object for the server.
    public var scope: DataScope
    /// Keys whose values are encrypted at rest (AES-GCM); queries may only compare them
    /// with `equal` / `notEqual` (through a keyed hash).
    public var encryptedKeys: [String]
    /// What happens when two devices write the same field concurrently (default: field merge,
    /// the last write wins and the other device is told).
    public var conflictPolicy: ConflictPolicy
    /// Fields whose concurrent overwrites are never reported to the user (bookkeeping such as
    /// an `updatedAt` that every edit sets); they still merge by the policy.
    public var quietFields: [String]

    /// A behaviour; every argument defaults to the seed's default (and field merge).
    public init(
        persistentType: PersistentType = .serverOnly, autoRefresh: AutoRefresh? = nil, lifespan: Double? = nil,
        scope: DataScope = .group, encrypted: [String] = [], conflictPolicy: ConflictPolicy = .fieldMerge,
        quietFields: [String] = []
    ) {
        self.conflictPolicy = conflictPolicy
        self.quietFields = quietFields
        self.persistentType = persistentType
        self.autoRefresh = autoRefresh
        self.lifespan = lifespan
        self.scope = scope
        self.encryptedKeys = encrypted
    }

    /// The behaviour of a type whose objects belong to objects of a type behaving as `parent`
    /// (see ``ValueObjectDependency/sharesVisibility``): the parent's persistent type, auto
    /// refresh, lifespan and scope, so the two go to the same places, are pulled together and
    /// are seen by the same people; `encrypted` names this type's own encrypted keys, and the
    /// conflict policy and quiet fields are this type's own too.
    public init(
        following parent: ValueObjectBehaviour, encrypted: [String] = [], conflictPolicy: ConflictPolicy = .fieldMerge,
        quietFields: [String] = []
    ) {
        self.init(
            persistentType: parent.persistentType, autoRefresh: parent.autoRefresh, lifespan: parent.lifespan,
            scope: parent.scope, encrypted: encrypted, conflictPolicy: conflictPolicy, quietFields: quietFields)
    }

    /// The seed's defaults: server only, no auto refresh, no lifespan, group scope, nothing encrypted.
    public static let `default` = ValueObjectBehaviour()

    /// Whether readable rows are kept locally (`localOnly` and `localAndServer`).
    public var keepsLocalRows: Bool { persistentType != .serverOnly }
    /// Whether saves and deletes produce outgoing changes (`serverOnly` and `localAndServer`).
    public var sendsChanges: Bool { persistentType != .localOnly }
}

/// Where a type's objects are kept (the seed's `PERSISTENT_TYPE`).
public enum PersistentType: String, Sendable, Hashable, CaseIterable, Codable {
    /// Only on the server: no readable local rows; changes wait in the journal while offline.
    case serverOnly
    /// Only on this machine: never sent anywhere.
    case localOnly
    /// Locally and on the server: local rows, and every change goes to the journal.
    case localAndServer
}

/// Who may see an object (the seed's `SCOPE_TYPE`, same numbering).
public enum DataScope: Int, Sendable, Hashable, CaseIterable, Codable {
    /// Only the user who created it.
    case user = 1
    /// Members of the creator's group.
    case group = 2
    /// Every user of the app.
    case all = 3
}

/// Automatic refresh from the server (the seed's `isAutoRefresh`, `autoRefreshInterval`,
/// `scopeTypeForAutoRefresh`).
public struct AutoRefresh: Sendable, Hashable, Codable {
    /// Seconds between pulls.
    public var interval: Double
    /// Whose objects to pull.
    public var scope: DataScope

    /// Pull every `interval` seconds the objects visible at `scope`.
    public init(interval: Double, scope: DataScope = .group) {
        self.interval = interval
        self.scope = scope
    }
}
