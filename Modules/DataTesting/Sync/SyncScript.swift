public import StrataData

/// What the sync double of `DataLayerFactory.inMemory(…, sync:)` answers, in place of a server.
///
/// Without a script the double is offline, like a host with no server configured. With one,
/// each call the script does not provide for fails loudly with `DataError` `unexpectedCall`.
///
/// ```swift
/// let data = DataLayerFactory.inMemory(sync: SyncScript(login: { account, _ in
///     AuthInfo(userID: "u1", account: account, groups: [], token: "t", validUntil: .distantFuture)
/// }))
/// _ = try await data.sync.login(account: "sigrid", password: "pw")   // stores the session
/// let report = try await data.sync.syncNow()   // acknowledges the in-memory journal's changes
/// ```
public struct SyncScript: Sendable {
    /// Whether the pretend server can be reached; when `false`, login, sync and a logout
    /// with server sync throw `unreachable` (a local logout still works).
    public var reachable: Bool
    /// Answers a login (throw `DataError` `loginRefused` to refuse it); `nil`: a login is unexpected.
    public var login: (@Sendable (_ account: String, _ password: String) throws -> AuthInfo)?
    /// Answers a sync; `nil` (the default): every pending change of the in-memory journal is
    /// claimed and acknowledged, and the report counts them.
    public var sync: (@Sendable () throws -> SyncReport)?
    /// Answers a look at the push channel with the messages after the given sequence (the
    /// double keeps the acknowledged cursor and drops older messages); `nil`: unexpected.
    public var pushMessages: (@Sendable (_ after: Int64) throws -> [PushedMessage])?
    /// Told when the background loop starts (`true`) and stops (`false`); the double's loop
    /// itself does nothing.
    public var onLoop: (@Sendable (_ running: Bool) -> Void)?

    /// A script; by default the server is reachable, syncs acknowledge everything, and a
    /// login is unexpected. `start()` and `stop()` of the double only tell ``onLoop``.
    public init(
        reachable: Bool = true, login: (@Sendable (_ account: String, _ password: String) throws -> AuthInfo)? = nil,
        sync: (@Sendable () throws -> SyncReport)? = nil,
        pushMessages: (@Sendable (_ after: Int64) throws -> [PushedMessage])? = nil,
        onLoop: (@Sendable (_ running: Bool) -> Void)? = nil
    ) {
        self.reachable = reachable
        self.login = login
        self.sync = sync
        self.pushMessages = pushMessages
        self.onLoop = onLoop
    }
}
