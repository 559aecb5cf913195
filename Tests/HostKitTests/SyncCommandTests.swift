import Foundation
import StrataData
import StrataDataTesting
import StrataSession
import StrataSync
import StrataSyncTesting
import Testing

@Suite("strata-host account and sync commands")
struct SyncCommandTests {
    @Test("offline, login and sync are one line naming STRATA_SERVER_URL")
    func offlineLoginAndSyncFailClearly() async throws {
        let harness = try await HostHarness()
        let login = await harness.run("account", "login", "--account", "sigrid", "--password-stdin")
        #expect(login.status == 1)
        #expect(login.stderrLines.count == 1, "\(login)")
        #expect(login.stderr.contains("STRATA_SERVER_URL"), "\(login)")
        let sync = await harness.run("sync")
        #expect(sync.status == 1)
        #expect(sync.stderrLines.count == 1, "\(sync)")
    }

    @Test("offline, logout works and status says not signed in, not configured")
    func offlineLogoutAndStatus() async throws {
        let harness = try await HostHarness(data: await DataLayerFactory.inMemory(session: Self.sigrid))
        #expect(await harness.run("account", "status").stdout.contains("sigrid"))
        let logout = await harness.run("account", "logout")
        #expect(logout.status == 0, "\(logout)")
        #expect(logout.text == "Signed out.")
        let status = try #require(try HostHarness.json(await harness.run("account", "status", "--json")) as? [String: Any])
        #expect(status["signedIn"] as? Bool == false)
        #expect((status["sync"] as? [String: Any])?["connectivity"] as? String == "notConfigured")
        let text = await harness.run("account", "status").text
        #expect(text.contains("not signed in") && text.contains("not configured"), "\(text)")
    }

    @Test("logout --server-sync offline fails and keeps the session")
    func serverSyncLogoutOfflineKeepsSession() async throws {
        let harness = try await HostHarness(data: await DataLayerFactory.inMemory(session: Self.sigrid))
        let logout = await harness.run("account", "logout", "--server-sync")
        #expect(logout.status == 1)
        #expect(logout.stderrLines.count == 1, "\(logout)")
        #expect(try await harness.data.session.current()?.account == "sigrid")
    }

    @Test("sync pushes the pending changes and prints the report, as text and JSON")
    func syncPrintsTheReport() async throws {
        let data = await DataLayerFactory.inMemory(session: Self.sigrid)
        let harness = try await HostHarness(data: data, sync: SyncFactory.scripted(data: data, script: SyncScript()))
        _ = try await harness.addReport("Hanako Sato")
        _ = try await harness.addReport("Taro Yamada")
        let json = try #require(try HostHarness.json(await harness.run("sync", "--json")) as? [String: Any])
        #expect(json["pushed"] as? Int == 2)
        #expect(json["rejected"] as? Int == 0)
        let text = await harness.run("sync")
        #expect(text.status == 0, "\(text)")
        #expect(text.text.hasPrefix("Pushed 0 changes (0 rejected)"), "\(text)")
    }

    static let sigrid = AuthInfo(
        userID: "u1", account: "sigrid", groups: [GroupRole(groupID: "g1", groupName: "ward3", roleName: "member")],
        token: "t", validUntil: .distantFuture)
}
