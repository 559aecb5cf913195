public import StrataJournal
public import StrataSession
public import StrataStore
public import StrataSync

/// A ``SessionService`` whose every call is unexpected until a test provides it: each closure
/// throws `SyncError` `unexpectedCall` naming the call, so a test states exactly what the
/// session does and a call it did not expect fails loudly. Two answers have defaults:
/// ``isConfigured`` is `true` and ``onConflicts`` answers none (a test of the rejected list
/// need not state it).
///
/// A test reaches it only through `SyncFactory.session(double:)`:
///
/// ```swift
/// var double = SessionServiceDouble()
/// double.onCurrentUser = { nil }
/// double.onSignIn = { account, _ in SessionUser(userID: "u1", account: account) }
/// let session = SyncFactory.session(double: double)
/// ```
public struct SessionServiceDouble: SessionService {
    /// Whether a server is configured (`true` by default).
    public var isConfigured = true
    /// Answers ``currentUser()``.
    public var onCurrentUser: @Sendable () async throws -> SessionUser? = { throw unexpected("currentUser()") }
    /// Answers ``signIn(account:password:)``.
    public var onSignIn: @Sendable (_ account: String, _ password: String) async throws -> SessionUser = { account, _ in
        throw unexpected("signIn(account: \(account), password:)")
    }
    /// Answers ``signOut(mustSyncWithServer:)``.
    public var onSignOut: @Sendable (_ mustSyncWithServer: Bool) async throws -> SignOutOutcome = { must in
        throw unexpected("signOut(mustSyncWithServer: \(must))")
    }
    /// Answers ``status()``.
    public var onStatus: @Sendable () async throws -> SyncStatus = { throw unexpected("status()") }
    /// Answers ``syncNow()``.
    public var onSyncNow: @Sendable () async throws -> SyncReport = { throw unexpected("syncNow()") }
    /// Answers ``rejectedChanges()``.
    public var onRejectedChanges: @Sendable () async throws -> [Change] = { throw unexpected("rejectedChanges()") }
    /// Answers ``retryRejected(_:)``.
    public var onRetryRejected: @Sendable (_ id: String) async throws -> Change = { id in
        throw unexpected("retryRejected(\(id))")
    }
    /// Answers ``discardRejected(_:)``.
    public var onDiscardRejected: @Sendable (_ id: String) async throws -> Change = { id in
        throw unexpected("discardRejected(\(id))")
    }
    /// Answers ``conflicts()``: by default none.
    public var onConflicts: @Sendable () async throws -> [SyncConflict] = { [] }
    /// Answers ``resolveConflict(_:keepMine:)``.
    public var onResolveConflict: @Sendable (_ id: String, _ keepMine: Bool) async throws -> SyncConflict = { id, mine in
        throw unexpected("resolveConflict(\(id), keepMine: \(mine))")
    }

    /// A double with every call unexpected (but ``isConfigured`` and ``conflicts()``).
    public init() {}

    /// Calls ``onCurrentUser``.
    public func currentUser() async throws -> SessionUser? { try await onCurrentUser() }
    /// Calls ``onSignIn``.
    public func signIn(account: String, password: String) async throws -> SessionUser {
        try await onSignIn(account, password)
    }
    /// Calls ``onSignOut``.
    public func signOut(mustSyncWithServer: Bool) async throws -> SignOutOutcome {
        try await onSignOut(mustSyncWithServer)
    }
    /// Calls ``onStatus``.
    public func status() async throws -> SyncStatus { try await onStatus() }
    /// Calls ``onSyncNow``.
    public func syncNow() async throws -> SyncReport { try await onSyncNow() }
    /// Calls ``onRejectedChanges``.
    public func rejectedChanges() async throws -> [Change] { try await onRejectedChanges() }
    /// Calls ``onRetryRejected``.
    public func retryRejected(_ id: String) async throws -> Change { try await onRetryRejected(id) }
    /// Calls ``onDiscardRejected``.
    public func discardRejected(_ id: String) async throws -> Change { try await onDiscardRejected(id) }
    /// Calls ``onConflicts``.
    public func conflicts() async throws -> [SyncConflict] { try await onConflicts() }
    /// Calls ``onResolveConflict``.
    public func resolveConflict(_ id: String, keepMine: Bool) async throws -> SyncConflict {
        try await onResolveConflict(id, keepMine)
    }

    /// The error of a call the test did not provide.
    public static func unexpected(_ call: String) -> SyncError {
        SyncError(.unexpectedCall, "SessionServiceDouble: unimplemented call to \(call); the test does not provide it")
    }
}

/// `SessionServiceDouble.unexpected`, for the closures' defaults.
private func unexpected(_ call: String) -> SyncError {
    SessionServiceDouble.unexpected(call)
}

extension SyncFactory {
    /// The session service a micro-app test looks up: `double`, whose calls are unexpected
    /// until the test provides them (the test double of a host's login-state service).
    public static func session(double: SessionServiceDouble = SessionServiceDouble()) -> any SessionService {
        double
    }
}
