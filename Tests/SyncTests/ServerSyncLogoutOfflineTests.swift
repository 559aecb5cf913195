import Foundation
import StrataCrossCutting
import StrataTestSupport
import Testing

import StrataData
import StrataJournal
import StrataSession
@testable import StrataSync

/// `logout(serverSync: true)` while the server cannot be reached and changes wait: the push's
/// retries run out, and the caller gets one line saying how many changes wait and why.
@Suite("Sync engine: a logout with server sync while the server is down and changes wait")
struct ServerSyncLogoutOfflineTests {
    @Test("the retries running out is one unreachable line naming the waiting changes; the session stays and the status is offline")
    func retriesExhausted() async throws {
        let harness = try await SyncHarness()
        try await harness.addVisits(2)
        harness.server.scriptPushes(.networkDown, .networkDown, .networkDown, .networkDown)
        let error = try #require(await thrownError(SyncError.self) { try await harness.sync.logout(serverSync: true) })
        #expect(error.code == .unreachable)
        #expect(
            error.message
                == "not signed out: 2 changes wait to be sent, but the sync server http://127.0.0.1:9 cannot be reached "
                + "(network error (StrataSyncTests.SyncTestServer.Down), tried 4 times); log out without server sync to keep them on this device for the next login",
            "\(error)")
        #expect(try await harness.data.session.current()?.userID == "u1")
        let status = try await harness.sync.status()
        #expect(status.connectivity == .offline && status.pendingCount == 2, "\(status)")
        #expect(status.lastError?.contains("cannot reach the sync server http://127.0.0.1:9 to log out") == true, "\(status)")
    }

    @Test("a server that refuses the logout (not a network failure) says so after the waiting count, and the status stays online")
    func refused() async throws {
        let harness = try await SyncHarness()
        try await harness.addVisits(1)
        harness.server.scriptPushes(.status(401, "the bearer token expired"))
        let error = try #require(await thrownError(SyncError.self) { try await harness.sync.logout(serverSync: true) })
        #expect(error.code == .notSignedIn)
        #expect(error.message.hasPrefix("not signed out: 1 change waits to be sent, but the sync server http://127.0.0.1:9 refused"), "\(error)")
        #expect(try await harness.sync.status().connectivity == .online)
    }
}
