import Dispatch
import Foundation
import StrataCrossCutting
import StrataData
import StrataDataTesting
import StrataSession
import StrataStore
import StrataSync
import StrataSyncTesting
import StrataTestSupport
import StrataWire
import Synchronization
import Testing

/// A `serverOnly` type (the seed's default): no local rows, read on demand from the server.
struct Bulletin: ValueObject, Equatable {
    var objectId: String?
    var title = ""
    var rank = 0
    var postedAt = Date(timeIntervalSince1970: 0)
    var secret: String? = nil
    init() {}
    init(id: String? = nil, title: String, rank: Int, postedAt: Date = Date(timeIntervalSince1970: 1_800_000_000), secret: String? = nil) {
        (objectId, self.title, self.rank, self.postedAt, self.secret) = (id, title, rank, postedAt, secret)
    }
    static let schema = ValueObjectSchema<Bulletin>(
        "Bulletin",
        fields: [.field("title", \.title), .field("rank", \.rank), .field("postedAt", \.postedAt), .field("secret", \.secret)],
        behaviour: ValueObjectBehaviour(persistentType: .serverOnly, scope: .group, encrypted: ["secret"]))
}


/// The query requests a scripted server was sent.
final class Asked: Sendable {
    let requests = Mutex<[QueryRequest]>([])
}

/// On-demand reads of `serverOnly` types against a scripted server: what they send, what they
/// decode, and the one line each failure is.
@Suite("remote reads: fetch and query of serverOnly types, async and blocking")
struct RemoteReadTests {
    static let session = AuthInfo(
        userID: "u1", account: "ann", groups: [GroupRole(groupID: "g1", groupName: "Ward 1", roleName: "lead")],
        token: "token-ann", validUntil: .distantFuture)

    /// A scripted server holding `bulletins`, answering queries (`rank ge N` and the sort on
    /// `rank` only) by the window asked; every request's body is kept in `asked`.
    static func server(_ bulletins: [Bulletin], asked: Asked? = nil) -> RemoteScript {
        RemoteScript(
            fetch: { type, id in
                #expect(type == "Bulletin")
                return bulletins.first { $0.objectId == id }.map { RemoteScript.wire($0) }
            },
            query: { type, request in
                #expect(type == "Bulletin")
                asked?.requests.withLock { $0.append(request) }
                var matching = bulletins
                for condition in request.conditions where condition.key == "rank" && condition.op == "ge" {
                    if case .integer(let least) = condition.value { matching = matching.filter { $0.rank >= least } }
                }
                if let sort = request.sort.first, sort.key == "rank" {
                    matching.sort { sort.descending ? $0.rank > $1.rank : $0.rank < $1.rank }
                }
                let window = matching.dropFirst(request.offset).prefix(request.limit)
                return QueryResponse(
                    objects: window.map { RemoteScript.wire($0) }, hasMore: request.offset + window.count < matching.count)
            })
    }

    static func bulletins(_ count: Int) -> [Bulletin] {
        (0..<count).map { Bulletin(id: "b\($0)", title: "Bulletin \($0)", rank: $0, secret: $0 == 0 ? "code 1234" : nil) }
    }

    @Test("fetch decodes the server's object into the value object (an encrypted key in the clear); a missing id is nil")
    func fetchTyped() async throws {
        let data = await DataLayerFactory.inMemory(session: Self.session)
        let remote = SyncFactory.scriptedRemote(data: data, script: Self.server(Self.bulletins(3)))

        let first = try await remote.fetch(Bulletin.self, id: "b0")
        #expect(first == Bulletin(id: "b0", title: "Bulletin 0", rank: 0, secret: "code 1234"))
        #expect(try await remote.fetch(Bulletin.self, id: "b9") == nil)

        let blocking = remote.blocking
        let second = try await offThePool { try blocking.fetch(Bulletin.self, id: "b1") }
        #expect(second?.title == "Bulletin 1")
        #expect(try await offThePool { try blocking.fetch(Bulletin.self, id: "nope") } == nil)
    }

    @Test("a query sends its conditions, sort and window, and pages through the server's answers")
    func queryShapeAndPages() async throws {
        let data = await DataLayerFactory.inMemory(session: Self.session)
        let asked = Asked()
        let remote = SyncFactory.scriptedRemote(data: data, script: Self.server(Self.bulletins(30), asked: asked))
        let query = Query<Bulletin>().whereKey("rank", .greaterOrEqual, 5).sorted(by: "rank", .descending)

        let second = try await remote.page(query.page(size: 10, index: 2))
        #expect(second.objects.map(\.rank) == Array((15...19).reversed()) + Array((10...14).reversed()))
        #expect(second.hasMore)
        #expect(
            asked.requests.withLock { $0 } == [
                QueryRequest(
                    conditions: [WireCondition(key: "rank", op: "ge", value: .integer(5))],
                    sort: [WireSortKey(key: "rank", descending: true)], limit: 10, offset: 10)
            ])

        let blocking = remote.blocking
        let last = try await offThePool { try blocking.page(query.page(size: 10, index: 3)) }
        #expect(last.objects.map(\.rank) == Array((5...9).reversed()))
        #expect(!last.hasMore)
        #expect(try await offThePool { try blocking.query(query.limit(3)) }.map(\.rank) == [29, 28, 27])
    }

    @Test("without a page size every matching object comes back, a thousand per request")
    func unboundedQueryPages() async throws {
        let data = await DataLayerFactory.inMemory(session: Self.session)
        let asked = Asked()
        let remote = SyncFactory.scriptedRemote(data: data, script: Self.server(Self.bulletins(2_500), asked: asked))

        let all = try await remote.query(Query<Bulletin>().sorted(by: "rank"))
        #expect(all.map(\.rank) == Array(0..<2_500))
        #expect(asked.requests.withLock { $0.map { [$0.limit, $0.offset] } } == [[1000, 0], [1000, 1000], [1000, 2000]])
        let big = try await remote.page(Query<Bulletin>().sorted(by: "rank").page(size: 1_200, index: 2))
        #expect(big.objects.map(\.rank) == Array(1_200..<2_400))
        #expect(big.hasMore)
    }

    @Test("offline, not signed in and unreachable each fail with one line and their code")
    func failures() async throws {
        let signedIn = await DataLayerFactory.inMemory(session: Self.session)
        let offline = SyncFactory.remote(data: signedIn, configuration: nil)
        let noServer = try #require(await thrownError(SyncError.self) { try await offline.fetch(Bulletin.self, id: "b0") })
        #expect(noServer.code == .offline)
        #expect(noServer.message.contains("no server configured; set STRATA_SERVER_URL"), "\(noServer)")
        #expect(!noServer.message.contains("\n"))
        let blockingOffline = offline.blocking
        let blocked = try await offThePool { () -> SyncError? in
            do {
                _ = try blockingOffline.query(Query<Bulletin>())
                return nil
            } catch let error as SyncError { return error }
        }
        #expect(blocked?.code == .offline)

        let anonymous = await DataLayerFactory.inMemory()
        let nobody = SyncFactory.scriptedRemote(data: anonymous, script: Self.server([]))
        let signedOut = try #require(await thrownError(SyncError.self) { try await nobody.query(Query<Bulletin>()) })
        #expect(signedOut.code == .notSignedIn)
        #expect(signedOut.message == "cannot read Bulletin from the server: nobody is signed in (or the session expired); log in first")

        let down = SyncFactory.scriptedRemote(data: signedIn, script: RemoteScript(reachable: false, fetch: { _, _ in nil }))
        let unreachable = try #require(await thrownError(SyncError.self) { try await down.fetch(Bulletin.self, id: "b0") })
        #expect(unreachable.code == .unreachable)
        #expect(unreachable.message.hasPrefix("cannot reach the sync server http://in-memory to read Bulletin: "))

        let expired = SyncFactory.scriptedRemote(
            data: signedIn,
            script: RemoteScript(query: { _, _ in throw RemoteScript.Refusal(status: 401, reason: "token expired") }))
        let refused = try #require(await thrownError(SyncError.self) { try await expired.query(Query<Bulletin>()) })
        #expect(refused.code == .notSignedIn)
        #expect(refused.message.contains("HTTP 401: scripted: token expired"), "\(refused)")
    }

    @Test("the offline line is Japanese under a Japanese locale")
    func japaneseOffline() async throws {
        let data = await DataLayerFactory.inMemory(session: Self.session)
        let offline = SyncFactory.remote(data: data, configuration: nil)
        let error = await MessageLanguage.$current.withValue(.japanese) {
            await thrownError(SyncError.self) { try await offline.fetch(Bulletin.self, id: "b0") }
        }
        #expect(error?.message.hasPrefix("サーバーから Bulletin を読めません") == true, "\(String(describing: error))")
    }

    @Test("a type that is not serverOnly, and a query the schema refuses, fail before any request")
    func programmingErrors() async throws {
        let data = await DataLayerFactory.inMemory(session: Self.session)
        let remote = SyncFactory.scriptedRemote(
            data: data,
            script: RemoteScript(
                fetch: { _, _ in Issue.record("no request expected"); return nil },
                query: { _, _ in Issue.record("no request expected"); return QueryResponse(objects: [], hasMore: false) }))

        let local = try #require(await thrownError(SyncError.self) { try await remote.fetch(SyncVisit.self, id: "v1") })
        #expect(local.code == .invalidQuery)
        #expect(
            local.message
                == "programming error: SyncVisit is localAndServer, not serverOnly; the remote store reads only serverOnly "
                + "types — read SyncVisit from the local store (ValueObjectStore) instead")
        let sorted = try #require(
            await thrownError(SyncError.self) { try await remote.query(Query<Bulletin>().sorted(by: "secret")) })
        #expect(sorted.code == .invalidQuery)
        let unknown = try #require(
            await thrownError(SyncError.self) { try await remote.query(Query<Bulletin>().whereKey("nope", .equal, 1)) })
        #expect(unknown.code == .invalidQuery)
        #expect(unknown.message.hasPrefix("Bulletin has no key 'nope'"), "\(unknown)")
    }
}
