import Foundation
import StrataCrossCutting
import StrataDataTesting
import StrataTestSupport
import StrataWire
import Testing

import StrataData

import StrataJournal
import StrataMaintenance
import StrataSession
import StrataStore
@testable import StrataSync

@Suite("Sync engine: login, logout, status, offline, background loop")
struct SyncSessionTests {
    @Test("login stores the session and registers the device for push")
    func loginStoresTheSessionAndRegisters() async throws {
        let harness = try await SyncHarness(signedInAs: nil)
        harness.server.scriptLogin(.applyAll)
        let info = try await harness.sync.login(account: "sigrid", password: "pw")
        #expect(info.userID == "id-sigrid" && info.token == "token-sigrid" && info.primaryGroup == "g1")
        #expect(try await harness.data.session.current() == info)
        let registration = try #require(harness.server.requests(to: WirePaths.devices).first)
        let body = try WireCoding.decoder().decode(DeviceRegistration.self, from: registration.body ?? Data())
        #expect(body.deviceId == "device-1" && registration.token == "token-sigrid")
        #expect(try await harness.sync.status().connectivity == .online)
    }

    @Test("a refused login is loginRefused and stores nothing; an unreachable server is unreachable")
    func refusedLogin() async throws {
        let harness = try await SyncHarness(signedInAs: nil)
        harness.server.scriptLogin(.status(401, "wrong password"))
        let refused = await #expect(throws: SyncError.self) { try await harness.sync.login(account: "sigrid", password: "x") }
        #expect(refused?.code == .loginRefused && refused?.message.contains("wrong password") == true)
        harness.server.scriptLogin(.networkDown)
        let down = await #expect(throws: SyncError.self) { try await harness.sync.login(account: "sigrid", password: "x") }
        #expect(down?.code == .unreachable && down?.message.contains("127.0.0.1:9") == true)
        #expect(try await harness.data.session.current() == nil)
    }

    @Test("a local logout always works, telling the server if it can")
    func localLogoutWorksOffline() async throws {
        let harness = try await SyncHarness()
        harness.server.scriptLogout(.networkDown)
        try await harness.sync.logout(serverSync: false)
        #expect(try await harness.data.session.current() == nil)
        #expect(harness.server.requests(to: WirePaths.logout).count == 1)
    }

    @Test("a logout with server sync sends pending changes, tells the server, then clears the session")
    func serverSyncLogout() async throws {
        let harness = try await SyncHarness()
        try await harness.addVisits(2)
        harness.server.scriptPushes(.applyAll)
        try await harness.sync.logout(serverSync: true)
        #expect(try await harness.data.session.current() == nil)
        #expect(try await harness.data.journal.pendingCount() == 0)
        #expect(harness.server.requests.map(\.path) == [WirePaths.changes, WirePaths.logout])
    }

    @Test("a logout with server sync fails clearly when the server is down, and keeps the session")
    func serverSyncLogoutFailsOffline() async throws {
        let harness = try await SyncHarness()
        harness.server.scriptLogout(.networkDown)
        let error = await #expect(throws: SyncError.self) { try await harness.sync.logout(serverSync: true) }
        #expect(error?.code == .unreachable)
        #expect(
            error?.message.hasPrefix("not signed out: the server must be told first, but the sync server http://127.0.0.1:9 cannot be reached")
                == true, "\(String(describing: error))")
        #expect(try await harness.data.session.current()?.userID == "u1")
    }

    @Test("syncing without a session is notSignedIn, naming the waiting changes")
    func syncNeedsASession() async throws {
        let harness = try await SyncHarness(signedInAs: nil)
        try await harness.addVisits(2)
        let error = await #expect(throws: SyncError.self) { try await harness.sync.syncNow() }
        #expect(error?.code == .notSignedIn && error?.message.contains("2 changes wait") == true)
        #expect(harness.server.requests.isEmpty)
    }

    @Test("status shows online, counts, last sync and last error; a read-only layer reads the same")
    func statusIsKeptInTheStore() async throws {
        let harness = try await SyncHarness()
        #expect(try await harness.sync.status().connectivity == .unknown)
        try await harness.addVisits(2)
        harness.server.scriptPushes(.results(["applied", "rejected"]))
        _ = try await harness.sync.syncNow()
        let status = try await harness.sync.status()
        #expect(status.connectivity == .online && status.isOnline)
        #expect(status.server == SyncHarness.server.absoluteString)
        #expect(status.pendingCount == 0 && status.rejectedCount == 1)
        #expect(status.lastSyncAt == harness.clock.now())
        #expect(status.lastError == nil)
        let reader = try #require(try await DataLayerFactory.readOnly(container: harness.container, logger: quietLogger))
        #expect(try await reader.syncState.status() == status)
    }

    @Test("without a server every network call is offline with a message naming STRATA_SERVER_URL")
    func offlineWithoutAServer() async throws {
        let container = temporaryContainer()
        let data = try await DataLayerFactory.live(container: container, logger: quietLogger)
        let sync = SyncFactory.live(data: data, configuration: nil, logger: quietLogger)
        let login = await #expect(throws: SyncError.self) { try await sync.login(account: "a", password: "b") }
        #expect(login?.code == .offline)
        #expect(login?.message.contains("no server configured: set STRATA_SERVER_URL") == true)
        let syncing = await #expect(throws: SyncError.self) { try await sync.syncNow() }
        #expect(syncing?.code == .offline)
        let logout = await #expect(throws: SyncError.self) { try await sync.logout(serverSync: true) }
        #expect(logout?.code == .offline)
        try await sync.logout(serverSync: false)
        #expect(try await sync.status().connectivity == .notConfigured)
        sync.start()
        sync.stop()
    }

    @Test("the background loop pushes pending changes, pulls, and applies and uploads logs at the server's level")
    func backgroundLoop() async throws {
        // The engine's own pauses (poll interval, backoff) shortened to 10 ms: not a wait of the test's.
        let harness = try await SyncHarness(sleep: { _ in try await Task.sleep(for: .milliseconds(10)) })
        harness.server.scriptLogLevel("monitor")
        try await harness.data.diagnostics.logError("disk almost full", metadata: [:])
        try await harness.addVisits(3)
        harness.server.scriptPushes(.applyAll)
        harness.server.scriptPages("SyncVisit", PullResponse(objects: [.visit("p", patient: "P", ward: 1, version: 1)], cursor: 1, hasMore: false))
        harness.sync.start()
        defer { harness.sync.stop() }
        _ = await eventually(within: Patience.childProcess) {
            let pending = try await harness.data.journal.pendingCount()
            let logs = try await harness.data.diagnostics.entries(limit: nil)
            let visit = try await harness.data.store.fetch(SyncVisit.self, id: "p")
            return pending == 0 && visit != nil && logs.isEmpty
        }
        #expect(try await harness.data.journal.pendingCount() == 0)
        #expect(try await harness.data.store.fetch(SyncVisit.self, id: "p")?.patient == "P")
        #expect(try await harness.data.diagnostics.collectionLevel() == .monitor)
        #expect(try await harness.data.diagnostics.entries(limit: nil).isEmpty)
        let upload = try #require(harness.server.requests(to: WirePaths.logs).first)
        let entries = try WireCoding.decoder().decode(LogUpload.self, from: upload.body ?? Data()).entries
        #expect(entries.map(\.message) == ["disk almost full"])
        #expect(harness.server.requests(to: WirePaths.devices).count == 1)
    }
}
