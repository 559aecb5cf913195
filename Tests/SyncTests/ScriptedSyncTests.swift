import Foundation
import StrataCrossCutting
import StrataData
import StrataDataTesting
import StrataJournal
import StrataSession
import StrataSync
import StrataSyncTesting
import Testing

@Suite("Scripted sync double: offline by default, scripted on request")
struct ScriptedSyncTests {
    private static let info = AuthInfo(
        userID: "u1", account: "sigrid", groups: [], token: "t", validUntil: Date(timeIntervalSince1970: 4_000_000_000))

    @Test("without a server the engine is offline, and a local logout still clears the session")
    func offlineByDefault() async throws {
        let data = await DataLayerFactory.inMemory(session: Self.info)
        let sync = SyncFactory.offline(data: data)
        let error = await #expect(throws: SyncError.self) { try await sync.syncNow() }
        #expect(error?.code == .offline)
        #expect(try await sync.status().connectivity == .notConfigured)
        try await sync.logout(serverSync: false)
        #expect(try await data.session.current() == nil)
    }

    @Test("a scripted login stores the session; a sync acknowledges the journal")
    func scriptedLoginAndSync() async throws {
        let data = await DataLayerFactory.inMemory()
        let sync = SyncFactory.scripted(data: data, script: SyncScript(login: { _, _ in Self.info }))
        let info = try await sync.login(account: "sigrid", password: "pw")
        #expect(try await data.session.current() == info)
        let report = try await sync.syncNow()
        #expect(report.pushed == 0)
        #expect(try await sync.status().isOnline)
    }

    @Test("calls the script does not provide fail loudly; an unreachable server keeps the session")
    func unexpectedAndUnreachable() async throws {
        let data = await DataLayerFactory.inMemory(session: Self.info)
        let sync = SyncFactory.scripted(data: data, script: SyncScript())
        let login = await #expect(throws: SyncError.self) { try await sync.login(account: "a", password: "b") }
        #expect(login?.code == .unexpectedCall)
        let downData = await DataLayerFactory.inMemory(session: Self.info)
        let down = SyncFactory.scripted(data: downData, script: SyncScript(reachable: false))
        let logout = await #expect(throws: SyncError.self) { try await down.logout(serverSync: true) }
        #expect(logout?.code == .unreachable)
        #expect(try await downData.session.current() == Self.info)
    }

    @Test("a refused scripted login is loginRefused, and the session stays empty")
    func refusedLogin() async throws {
        let data = await DataLayerFactory.inMemory()
        let sync = SyncFactory.scripted(
            data: data, script: SyncScript(login: { account, _ in throw SyncError(.loginRefused, "no account \(account)") }))
        let error = await #expect(throws: SyncError.self) { try await sync.login(account: "x", password: "y") }
        #expect(error?.code == .loginRefused)
        #expect(try await data.session.current() == nil)
    }
}
