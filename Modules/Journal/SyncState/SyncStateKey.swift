/// The name of one fact the sync engine records in the store (``SyncStateStore``): kept in
/// the store's settings under `sync.`, so every process reads what the engine last saw.
public struct SyncStateKey: Sendable, Hashable, RawRepresentable {
    /// The setting's name, e.g. `sync.lastSyncAt`.
    public var rawValue: String

    /// A key with the given setting name (it should start with `sync.`).
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// The server the facts are about (its URL).
    public static let server = SyncStateKey(rawValue: "sync.server")
    /// The last connectivity seen (a ``SyncConnectivity`` raw value).
    public static let connectivity = SyncStateKey(rawValue: "sync.connectivity")
    /// When a sync last finished without an error (seconds since 1970).
    public static let lastSyncAt = SyncStateKey(rawValue: "sync.lastSyncAt")
    /// The last failure's message.
    public static let lastError = SyncStateKey(rawValue: "sync.lastError")
    /// When the last failure happened (seconds since 1970).
    public static let lastErrorAt = SyncStateKey(rawValue: "sync.lastErrorAt")

    /// The device id made for `userID` on this store: each user of a shared store is a device
    /// of their own on the server, which never hands one user's device to another.
    public static func deviceID(for userID: String) -> SyncStateKey { SyncStateKey(rawValue: "sync.deviceId.\(userID)") }
    /// Set (to `1`) once `userID`'s device is registered with the server.
    public static func deviceRegistered(for userID: String) -> SyncStateKey {
        SyncStateKey(rawValue: "sync.deviceRegistered.\(userID)")
    }
    /// The last push message handled on device `deviceID`.
    public static func pushCursor(_ deviceID: String) -> SyncStateKey { SyncStateKey(rawValue: "sync.pushCursor.\(deviceID)") }
    /// `typeName`'s pull cursor (moved by ``SyncStateStore/applyPulled(_:typeName:)``).
    public static func cursor(_ typeName: String) -> SyncStateKey { SyncStateKey(rawValue: "sync.cursor.\(typeName)") }
    /// Set (to `1`) while `typeName`'s object `objectID` must be fetched again from the server
    /// at the next pull: a change of it was discarded, so the local row may hold an edit the
    /// server never took, and the pull cursor is already past the server's version.
    public static func refetch(_ typeName: String, _ objectID: String) -> SyncStateKey {
        SyncStateKey(rawValue: refetchPrefix(typeName) + objectID)
    }
    /// What every ``refetch(_:_:)`` key of `typeName` starts with.
    public static func refetchPrefix(_ typeName: String) -> String { "sync.refetch.\(typeName)." }
}
