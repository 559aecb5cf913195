import Foundation
import StrataCrossCutting
import StrataData
import StrataDataTesting
import Testing

@Suite("In-memory sync double: offline by default, scripted on request")
struct SyncDoubleTests {
    private static let info = AuthInfo(
        userID: "u1", account: "sigrid", groups: [], token: "t", validUntil: Date(timeIntervalSince1970: 4_000_000_000))

    @Test("without a script the engine is offline, and a local logout still clears the session")
    func offlineByDefault() async throws {
        let data = DataLayerFactory.inMemory(session: Self.info)
        let error = await #expect(throws: DataError.self) { try await data.sync.syncNow() }
        #expect(error?.code == .offline)
        #expect(try data.sync.status().connectivity == .notConfigured)
        try await data.sync.logout(serverSync: false)
        #expect(try data.session.current() == nil)
    }

    @Test("a scripted login stores the session; a sync acknowledges the journal")
    func scriptedLoginAndSync() async throws {
        let data = DataLayerFactory.inMemory(sync: SyncScript(login: { _, _ in Self.info }))
        let info = try await data.sync.login(account: "sigrid", password: "pw")
        #expect(try data.session.current() == info)
        let report = try await data.sync.syncNow()
        #expect(report.pushed == 0)
        #expect(try data.sync.status().isOnline)
    }

    @Test("calls the script does not provide fail loudly; an unreachable server keeps the session")
    func unexpectedAndUnreachable() async throws {
        let data = DataLayerFactory.inMemory(session: Self.info, sync: SyncScript())
        let login = await #expect(throws: DataError.self) { try await data.sync.login(account: "a", password: "b") }
        #expect(login?.code == .unexpectedCall)
        let down = DataLayerFactory.inMemory(session: Self.info, sync: SyncScript(reachable: false))
        let logout = await #expect(throws: DataError.self) { try await down.sync.logout(serverSync: true) }
        #expect(logout?.code == .unreachable)
        #expect(try down.session.current() == Self.info)
    }
}
