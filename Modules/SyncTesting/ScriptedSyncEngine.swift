import StrataJournal
import StrataSession
import StrataSync

/// The engine `SyncFactory.scripted(data:script:)` returns: the live engine, with the calls
/// the script does not provide failing loudly first, and the loop's start and stop told to
/// ``SyncScript/onLoop``.
struct ScriptedSyncEngine: SyncEngine {
    let engine: any SyncEngine
    let script: SyncScript

    var isConfigured: Bool { engine.isConfigured }

    func login(account: String, password: String) async throws -> AuthInfo {
        guard script.login != nil else { throw Self.unexpected("sync.login(account: \(account), password:)") }
        return try await engine.login(account: account, password: password)
    }

    func logout(serverSync: Bool) async throws { try await engine.logout(serverSync: serverSync) }

    func syncNow() async throws -> SyncReport { try await engine.syncNow() }

    func status() async throws -> SyncStatus { try await engine.status() }

    func rejectedChanges() async throws -> [Change] { try await engine.rejectedChanges() }

    func retryRejected(_ id: String) async throws -> Change { try await engine.retryRejected(id) }

    func discardRejected(_ id: String) async throws -> Change { try await engine.discardRejected(id) }

    func start() {
        script.onLoop?(true)
        engine.start()
    }

    func stop() {
        engine.stop()
        script.onLoop?(false)
    }

    func receivePushMessages(wait: Double) async throws -> [PushedMessage] {
        guard script.pushMessages != nil else { throw Self.unexpected("sync.receivePushMessages(wait: \(wait))") }
        return try await engine.receivePushMessages(wait: wait)
    }

    func acknowledgePushMessages(through sequence: Int64) async throws {
        try await engine.acknowledgePushMessages(through: sequence)
    }

    func deviceRegistrations() -> AsyncStream<SyncDeviceRegistration> { engine.deviceRegistrations() }

    static func unexpected(_ call: String) -> SyncError {
        SyncError(.unexpectedCall, "StrataSyncTesting: unexpected call to \(call); the SyncScript does not provide it")
    }
}
