import Foundation
import StrataCrossCutting
import StrataData
import StrataDataTesting
import StrataStore
import StrataSync
import StrataTestSupport
import Testing

/// On-demand reads against the real `strata-server`: objects a lead posted (saved locally as a
/// `serverOnly` type, so only into the journal, then pushed) read back by id and by query, with
/// sort and paging across pages, in both forms.
@Suite("remote reads against strata-server")
struct RemoteServerReadTests {
    static let app = (id: "org.example.remote", version: "1")

    @Test("fetch by id and a sorted query page after page read what was pushed, async and blocking")
    func fetchAndPagedQuery() async throws {
        try await withTestServer(app: Self.app, user: true) { server in
            let app = try #require(server.app)
            let configuration = SyncConfiguration(
                serverURL: try #require(URL(string: server.url)), appID: app.id, appVersion: app.version, appKey: app.key,
                deviceID: "remote-reads")
            let data = await DataLayerFactory.inMemory()
            let sync = SyncFactory.live(data: data, configuration: configuration, logger: quietLogger)
            _ = try await sync.login(account: "alice", password: TestServer.password)
            try await data.store.register(Bulletin.self)
            let saved = try await data.store.save(
                (0..<25).map { Bulletin(title: "Bulletin \($0)", rank: ($0 * 7) % 25, secret: "code \($0)") })
            #expect(try await data.store.query(Query<Bulletin>()).isEmpty, "a serverOnly type keeps no local rows")
            let report = try await sync.syncNow()
            #expect(report.pushed == 25 && report.rejected == 0, "\(report)")

            let remote = SyncFactory.remote(data: data, configuration: configuration)
            let one = try #require(saved.first { $0.rank == 14 })
            #expect(try await remote.fetch(Bulletin.self, id: try #require(one.objectId)) == one)
            #expect(try await remote.fetch(Bulletin.self, id: "no-such-bulletin") == nil)

            // Ranks 0…24, largest first, in pages of 10: 24…15, 14…5, 4…0.
            let query = Query<Bulletin>().sorted(by: "rank", .descending)
            var ranks: [[Int]] = []
            var more: [Bool] = []
            for index in 1...3 {
                let page = try await remote.page(query.page(size: 10, index: index))
                ranks.append(page.objects.map(\.rank))
                more.append(page.hasMore)
            }
            #expect(ranks == [Array((15...24).reversed()), Array((5...14).reversed()), Array((0...4).reversed())])
            #expect(more == [true, true, false])
            #expect(try await remote.query(query.whereKey("rank", .less, 3)).map(\.secret) == saved.sorted { $0.rank > $1.rank }.suffix(3).map(\.secret))

            let blocking = remote.blocking
            let id = try #require(one.objectId)
            let fetched = try await offThePool { try blocking.fetch(Bulletin.self, id: id) }
            #expect(fetched == one)
            let second = try await offThePool { try blocking.page(query.page(size: 10, index: 2)) }
            #expect(second.objects.map(\.rank) == Array((5...14).reversed()))
            let titled = try await offThePool {
                try blocking.query(Query<Bulletin>().whereKey("title", .like, "bulletin 1%").sorted(by: "title"))
            }
            #expect(titled.map(\.title) == ["Bulletin 1"] + (10...19).map { "Bulletin \($0)" })

            // Signed out, the same read is one line saying so.
            try await sync.logout(serverSync: false)
            let signedOut = try #require(await thrownError(SyncError.self) { try await remote.fetch(Bulletin.self, id: id) })
            #expect(signedOut.code == .notSignedIn)
        }
    }

    @Test("an unreachable server is one line with the code unreachable")
    func unreachable() async throws {
        let configuration = SyncConfiguration(
            serverURL: URL(string: "http://127.0.0.1:9")!, appID: "a", appVersion: "1", appKey: "k", deviceID: "d",
            requestTimeout: 5)
        let data = await DataLayerFactory.inMemory(session: RemoteReadTests.session)
        let remote = SyncFactory.remote(data: data, configuration: configuration)
        let error = try #require(await thrownError(SyncError.self) { try await remote.query(Query<Bulletin>()) })
        #expect(error.code == .unreachable)
        #expect(error.message.hasPrefix("cannot reach the sync server http://127.0.0.1:9 to read Bulletin: "), "\(error)")
    }
}
