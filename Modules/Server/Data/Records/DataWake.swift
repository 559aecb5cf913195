/// "Data changed": a push committed changes of these types in these places. It carries no
/// object data — only what a waiting poll needs to decide whether its user can see one of the
/// changed objects (``ObjectVisibility``), so that device pulls the types named.
public struct DataWake: Sendable, Hashable, Codable {
    /// Where changed objects live: their type, scope and owners (an object before and after
    /// the change both count, so a narrowed scope still wakes those who lose sight of it).
    public struct Place: Sendable, Hashable, Codable {
        /// The value-object type.
        public var typeName: String
        /// 1 user, 2 group, 3 all.
        public var scope: Int
        /// The owner user's id.
        public var ownerUser: String
        /// The owner group's id, if any.
        public var ownerGroup: String?

        /// A place.
        public init(typeName: String, scope: Int, ownerUser: String, ownerGroup: String?) {
            self.typeName = typeName
            self.scope = scope
            self.ownerUser = ownerUser
            self.ownerGroup = ownerGroup
        }

        /// Whether a caller with `visibility` can see an object in this place.
        public func visible(to visibility: ObjectVisibility) -> Bool {
            visibility.canSee(
                StoredObject(
                    typeName: typeName, objectId: "", values: [:], scope: scope, ownerUser: ownerUser, ownerGroup: ownerGroup,
                    deleted: false, version: 0))
        }
    }

    /// The app id.
    public var appId: String
    /// The app version.
    public var appVersion: String
    /// The changed places, each once.
    public var places: [Place]
    /// A prefix of the pushing session's token hash: its own device is not woken.
    public var pusher: String
    /// The server process that committed the push (it woke its own polls at once and ignores
    /// the signal of its own wake).
    public var origin: String

    /// A wake.
    public init(appId: String, appVersion: String, places: [Place], pusher: String, origin: String) {
        self.appId = appId
        self.appVersion = appVersion
        self.places = places
        self.pusher = pusher
        self.origin = origin
    }

    /// The part of a token hash that names the pusher (enough to tell devices apart, short
    /// enough that a signal never carries a whole token hash).
    public static func pusherKey(tokenHash: String) -> String { String(tokenHash.prefix(16)) }
}

extension ControlStore {
    /// No other instance to tell (a store of one process, or a test double).
    public func announce(_ wake: DataWake) async throws {}
}
