public import StrataSession
public import StrataSync
public import StrataWire

/// What the pretend server of `SyncFactory.scripted(data:script:)` answers: an injected
/// transport for the real engine, so login, push, pull, the push channel and the recorded
/// status behave as the live engine's do, on whatever data layer the test passes.
///
/// Each call the script does not provide for fails loudly with ``SyncError`` `unexpectedCall`.
/// By default the server acknowledges every pushed change (`applied`) and has nothing to
/// pull; ``rejection``, ``pull`` and ``object`` make it refuse changes, send pages and
/// answer look-ups by id.
///
/// ```swift
/// let data = DataLayerFactory.inMemory()
/// let sync = SyncFactory.scripted(data: data, script: SyncScript(login: { account, _ in
///     AuthInfo(userID: "u1", account: account, groups: [], token: "t", validUntil: .distantFuture)
/// }))
/// _ = try await sync.login(account: "sigrid", password: "pw")   // stores the session in data.session
/// let report = try await sync.syncNow()   // sends the journal's changes; the server applies them
/// ```
public struct SyncScript: Sendable {
    /// Whether the pretend server can be reached; when `false`, every request fails as a
    /// network failure (`unreachable`; a local logout still works).
    public var reachable: Bool
    /// Answers a login (throw ``SyncError`` `loginRefused` to refuse it); `nil`: a login is unexpected.
    public var login: (@Sendable (_ account: String, _ password: String) throws -> AuthInfo)?
    /// Answers a look at the push channel with the messages after the given sequence (the
    /// engine keeps the acknowledged cursor in the data layer's sync state); `nil`: unexpected.
    public var pushMessages: (@Sendable (_ after: Int64) throws -> [PushedMessage])?
    /// Told when the background loop starts (`true`) and stops (`false`).
    public var onLoop: (@Sendable (_ running: Bool) -> Void)?
    /// Answers a device registration with the device id: return to accept it, throw to refuse
    /// it (the engine sees an HTTP 500 carrying the error); `nil` accepts every registration.
    public var deviceRegistration: (@Sendable (_ deviceID: String) throws -> Void)?
    /// Answers each pushed change with the reason the server refuses it, or `nil` to apply
    /// it; `nil` applies every change.
    public var rejection: (@Sendable (_ change: WireChange) -> String?)?
    /// Answers a pull of a type after a cursor with a page; `nil` (or no answer for the
    /// type) returns an empty page at the same cursor.
    public var pull: (@Sendable (_ typeName: String, _ since: Int64) -> PullResponse?)?
    /// Answers `GET /v1/objects/{type}/{id}` with the server's version of the object, `nil`
    /// for a 404; without it every look-up is a 404.
    public var object: (@Sendable (_ typeName: String, _ objectID: String) -> WireObject?)?

    /// A script; by default the server is reachable, acknowledges every change, and a login
    /// is unexpected.
    public init(
        reachable: Bool = true, login: (@Sendable (_ account: String, _ password: String) throws -> AuthInfo)? = nil,
        pushMessages: (@Sendable (_ after: Int64) throws -> [PushedMessage])? = nil,
        onLoop: (@Sendable (_ running: Bool) -> Void)? = nil,
        deviceRegistration: (@Sendable (_ deviceID: String) throws -> Void)? = nil,
        rejection: (@Sendable (_ change: WireChange) -> String?)? = nil,
        pull: (@Sendable (_ typeName: String, _ since: Int64) -> PullResponse?)? = nil,
        object: (@Sendable (_ typeName: String, _ objectID: String) -> WireObject?)? = nil
    ) {
        self.reachable = reachable
        self.login = login
        self.pushMessages = pushMessages
        self.onLoop = onLoop
        self.deviceRegistration = deviceRegistration
        self.rejection = rejection
        self.pull = pull
        self.object = object
    }
}
