import Foundation
import StrataCrossCutting
import StrataData
import StrataSession
import StrataTestSupport
import Testing

import StrataJournal
@testable import StrataSync

/// A server URL with a password, made in code (`STRATA_SERVER_URL` refuses one): the engine's
/// errors, its status and the store never show or keep the password.
@Suite("Sync engine: a password in the server URL is masked in every message and never stored")
struct ServerPasswordMaskingTests {
    static let secret = "Pa55-wOrd-q7x"

    @Test("login, sync and logout errors, the status and the store's bytes hold the URL with the password masked")
    func maskedEverywhere() async throws {
        let container = temporaryContainer()
        let data = try await DataLayerFactory.live(container: container, logger: quietLogger)
        let configuration = SyncConfiguration(
            serverURL: try #require(URL(string: "http://sigrid:\(Self.secret)@127.0.0.1:9")), appID: "a", appVersion: "1",
            appKey: "k", deviceID: "d", requestTimeout: 5, retryDelay: 0.01, maxRetryDelay: 0.02, maxAttempts: 2)
        let sync = SyncFactory.live(data: data, configuration: configuration, logger: quietLogger)
        let shown = "http://sigrid:***@127.0.0.1:9"

        let login = try #require(await thrownError(SyncError.self) { _ = try await sync.login(account: "sigrid", password: "pw") })
        #expect(login.message.contains("the sync server \(shown)") && !login.message.contains(Self.secret), "\(login)")

        try await data.session.save(
            AuthInfo(userID: "u1", account: "sigrid", groups: [], token: "t", validUntil: .distantFuture))
        let syncing = try #require(await thrownError(SyncError.self) { _ = try await sync.syncNow() })
        #expect(syncing.code == .unreachable && syncing.message.contains(shown) && !syncing.message.contains(Self.secret), "\(syncing)")
        let logout = try #require(await thrownError(SyncError.self) { try await sync.logout(serverSync: true) })
        #expect(logout.message.contains(shown) && !logout.message.contains(Self.secret), "\(logout)")

        let status = try await sync.status()
        #expect(status.server == shown, "\(status)")
        #expect(status.lastError?.contains(shown) == true && status.lastError?.contains(Self.secret) == false, "\(status)")
        #expect(status.connectivity == .offline)
        let stored = try await data.syncState.status()
        #expect(stored.server == shown && stored.lastError?.contains(Self.secret) == false, "\(stored)")

        // Written straight through the store too: the server and the last error are masked on the way in.
        try await data.syncState.set([.lastError: "cannot reach http://sigrid:\(Self.secret)@host/", .server: "http://sigrid:\(Self.secret)@host/"])
        #expect(try await data.syncState.value(.lastError) == "cannot reach http://sigrid:***@host/")
        #expect(try await data.syncState.value(.server) == "http://sigrid:***@host/")

        let needle = Data(Self.secret.utf8)
        let files = try FileManager.default.contentsOfDirectory(at: container.url, includingPropertiesForKeys: nil)
        for file in files {
            let bytes = (try? Data(contentsOf: file)) ?? Data()
            #expect(bytes.range(of: needle) == nil, "\(file.path) holds the password")
        }
    }
}
