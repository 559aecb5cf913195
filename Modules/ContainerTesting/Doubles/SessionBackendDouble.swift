public import StrataContainer

/// A ``SessionBackend`` whose every call is unimplemented until a test provides it (each
/// closure throws ``ContainerError`` `unimplemented` naming the call): a test states exactly
/// what the session does, and a call it did not expect fails loudly.
///
/// ```swift
/// var backend = SessionBackendDouble()
/// backend.onCurrentUser = { nil }
/// backend.onSignIn = { account, _ in SessionUser(userID: "u1", account: account) }
/// let service = SessionServiceFactory.live(backend: backend)
/// ```
public struct SessionBackendDouble: SessionBackend {
    /// Whether a server is configured (`true` by default).
    public var isConfigured = true
    /// Answers ``currentUser()``.
    public var onCurrentUser: @Sendable () async throws -> SessionUser? = { throw unimplemented("currentUser()") }
    /// Answers ``signIn(account:password:)``.
    public var onSignIn: @Sendable (_ account: String, _ password: String) async throws -> SessionUser = { account, _ in
        throw unimplemented("signIn(account: \(account), password:)")
    }
    /// Answers ``signOut(mustSyncWithServer:)``.
    public var onSignOut: @Sendable (_ mustSyncWithServer: Bool) async throws -> Void = { must in
        throw unimplemented("signOut(mustSyncWithServer: \(must))")
    }
    /// Answers ``syncState()``.
    public var onSyncState: @Sendable () async throws -> SessionSyncState = { throw unimplemented("syncState()") }
    /// Answers ``syncNow()``.
    public var onSyncNow: @Sendable () async throws -> SessionSyncSummary = { throw unimplemented("syncNow()") }
    /// Answers ``rejectedChanges()``.
    public var onRejectedChanges: @Sendable () async throws -> [SessionRejectedChange] = {
        throw unimplemented("rejectedChanges()")
    }
    /// Answers ``retryRejectedChange(_:)``.
    public var onRetryRejectedChange: @Sendable (_ id: String) async throws -> SessionRejectedChange = { id in
        throw unimplemented("retryRejectedChange(\(id))")
    }
    /// Answers ``discardRejectedChange(_:)``.
    public var onDiscardRejectedChange: @Sendable (_ id: String) async throws -> SessionRejectedChange = { id in
        throw unimplemented("discardRejectedChange(\(id))")
    }
    /// Answers ``conflicts()``: by default none (a test of the rejected list need not state it).
    public var onConflicts: @Sendable () async throws -> [SessionConflict] = { [] }
    /// Answers ``resolveConflict(_:keepMine:)``.
    public var onResolveConflict: @Sendable (_ id: String, _ keepMine: Bool) async throws -> SessionConflict = { id, mine in
        throw unimplemented("resolveConflict(\(id), keepMine: \(mine))")
    }
    /// Answers ``deviceRegistrations()``: by default a stream that never yields and ends at once
    /// (the service subscribes when it starts, so this one call is always expected).
    public var onDeviceRegistrations: @Sendable () -> AsyncStream<DeviceRegistrationEvent> = {
        AsyncStream { $0.finish() }
    }

    /// A double with every call unimplemented.
    public init() {}

    /// Calls ``onCurrentUser``.
    public func currentUser() async throws -> SessionUser? { try await onCurrentUser() }
    /// Calls ``onSignIn``.
    public func signIn(account: String, password: String) async throws -> SessionUser {
        try await onSignIn(account, password)
    }
    /// Calls ``onSignOut``.
    public func signOut(mustSyncWithServer: Bool) async throws { try await onSignOut(mustSyncWithServer) }
    /// Calls ``onSyncState``.
    public func syncState() async throws -> SessionSyncState { try await onSyncState() }
    /// Calls ``onSyncNow``.
    public func syncNow() async throws -> SessionSyncSummary { try await onSyncNow() }
    /// Calls ``onRejectedChanges``.
    public func rejectedChanges() async throws -> [SessionRejectedChange] { try await onRejectedChanges() }
    /// Calls ``onRetryRejectedChange``.
    public func retryRejectedChange(_ id: String) async throws -> SessionRejectedChange {
        try await onRetryRejectedChange(id)
    }
    /// Calls ``onDiscardRejectedChange``.
    public func discardRejectedChange(_ id: String) async throws -> SessionRejectedChange {
        try await onDiscardRejectedChange(id)
    }
    /// Calls ``onConflicts``.
    public func conflicts() async throws -> [SessionConflict] { try await onConflicts() }
    /// Calls ``onResolveConflict``.
    public func resolveConflict(_ id: String, keepMine: Bool) async throws -> SessionConflict {
        try await onResolveConflict(id, keepMine)
    }
    /// Calls ``onDeviceRegistrations``.
    public func deviceRegistrations() -> AsyncStream<DeviceRegistrationEvent> { onDeviceRegistrations() }

    /// The error of a call the test did not provide.
    public static func unimplemented(_ call: String) -> ContainerError {
        ContainerError(.unimplemented, "SessionBackendDouble: unimplemented call to \(call); the test does not provide it")
    }
}

/// `SessionBackendDouble.unimplemented`, for the closures' defaults.
private func unimplemented(_ call: String) -> ContainerError {
    SessionBackendDouble.unimplemented(call)
}

extension SessionServiceFactory {
    /// The session service a micro-app test looks up: the real service over `backend`, a
    /// ``SessionBackendDouble`` whose calls are unimplemented until the test provides them.
    public static func double(_ backend: SessionBackendDouble = SessionBackendDouble()) -> any SessionService {
        live(backend: backend)
    }
}
