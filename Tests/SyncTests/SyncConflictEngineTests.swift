import Foundation
import StrataCrossCutting
import StrataData
import StrataDataTesting
import StrataJournal
import StrataSession
import StrataStore
import StrataSync
import StrataWire
import Synchronization
import Testing

/// A chore whose concurrent edits are refused (`fail-if-changed`); its resolver settles a
/// conflict of `isDone` alone (done wins) and leaves anything else to the user.
private struct Chore: ValueObject, Equatable {
    var objectId: String?
    var title = ""
    var isDone = false
    var touchedAt = 0.0
    init() {}
    init(title: String) { self.title = title }
    static let schema = ValueObjectSchema<Chore>(
        "Chore", fields: [.field("title", \.title), .field("isDone", \.isDone), .field("touchedAt", \.touchedAt)],
        behaviour: ValueObjectBehaviour(persistentType: .localAndServer, conflictPolicy: .failIfChanged, quietFields: ["touchedAt"]),
        resolver: ConflictResolver { conflict in conflict.fields == ["isDone"] ? ["isDone": .integer(1)] : nil })
}

/// A pretend server: each pushed change is answered by `respond` (given how many pushes came
/// before), pulls hand out the scripted pages of a type then empty ones.
private final class ConflictServer: SyncTransport {
    typealias Respond = @Sendable (_ change: WireChange, _ push: Int) -> ChangeResult
    private let respond: Respond
    private let pages = Mutex<[String: [PullResponse]]>([:])
    private let pushes = Mutex<[[WireChange]]>([])

    init(respond: @escaping Respond = { change, _ in ChangeResult(operationId: change.operationId, status: "applied") }) {
        self.respond = respond
    }

    /// Every push's changes, in order.
    var pushed: [[WireChange]] { pushes.withLock { $0 } }

    func script(_ typeName: String, _ page: PullResponse) { pages.withLock { $0[typeName, default: []].append(page) } }

    func send(_ request: SyncRequest) async throws -> SyncResponse {
        switch request.path {
        case WirePaths.changes:
            let changes = try WireCoding.decoder().decode(PushRequest.self, from: request.body ?? Data()).changes
            let index = pushes.withLock { pushes in
                pushes.append(changes)
                return pushes.count - 1
            }
            return try json(PushResponse(results: changes.map { respond($0, index) }))
        case WirePaths.config:
            return try json(AppConfig(logLevel: "none"))
        case WirePaths.logs, WirePaths.devices:
            return try json(["ok": true])
        default:
            let typeName = String(request.path.dropFirst(WirePaths.objects.count + 1))
            let since = Int64(request.parameter("since") ?? "0") ?? 0
            let page = pages.withLock { pages -> PullResponse? in
                guard var queued = pages[typeName], !queued.isEmpty else { return nil }
                let first = queued.removeFirst()
                pages[typeName] = queued
                return first
            }
            return try json(page ?? PullResponse(objects: [], cursor: since, hasMore: false))
        }
    }

    private func json<Body: Encodable>(_ body: Body) throws -> SyncResponse {
        SyncResponse(status: 200, body: try WireCoding.encoder().encode(body))
    }
}

/// The sync engine's half of conflicts: base versions and policies sent, refused changes kept
/// with the server's object and settled by a resolver in the same sync, overwrite notices
/// recorded from pulls.
@Suite("Sync engine: base versions sent, refused changes settled by the type's resolver, overwrites reported")
struct SyncConflictEngineTests {
    private static func engine(_ server: ConflictServer) async throws -> (any DataLayer, any SyncEngine) {
        let clock = TestClock()
        let data = try await DataLayerFactory.live(container: temporaryContainer(), logger: quietLogger, clock: clock)
        try await data.store.register(Chore.self)
        try await data.session.save(
            AuthInfo(
                userID: "u1", account: "ann", groups: [GroupRole(groupID: "g1", groupName: "Ward 1", roleName: "Member")],
                token: "token-u1", validUntil: clock.now().addingTimeInterval(3600)))
        let configuration = SyncConfiguration(
            serverURL: URL(string: "http://127.0.0.1:9")!, appID: "strata", appVersion: "1", appKey: "key", deviceID: "device-1",
            batchSize: 50, maxRequestBytes: 512 * 1024, retryDelay: 0, maxRetryDelay: 0, maxAttempts: 2, pollInterval: 0.05)
        let sync = SyncFactory.live(
            data: data, configuration: configuration, transport: server, logger: quietLogger, clock: clock, sleep: { _ in })
        return (data, sync)
    }

    private static func chore(_ id: String, title: String, isDone: Bool, version: Int64) -> WireObject {
        WireObject(
            objectId: id, values: ["title": .text(title), "isDone": .integer(isDone ? 1 : 0)], scope: 2, ownerUser: "u2",
            ownerGroup: "g1", deleted: false, version: version)
    }

    /// The result refusing `change` on `fields`, the server holding `current`.
    private static func refused(
        _ change: WireChange, fields: [String], current: WireObject, byAccount: String? = nil
    ) -> ChangeResult {
        ChangeResult(
            operationId: change.operationId, status: "rejected",
            reason: "Chore \(change.objectId): \(fields.joined(separator: ", ")) changed since your copy", conflictFields: fields,
            current: current, byAccount: byAccount)
    }

    @Test("an update of a pulled object is sent with the version it was pulled at and the type's policy")
    func baseVersionIsSent() async throws {
        let server = ConflictServer()
        let (data, sync) = try await Self.engine(server)
        server.script("Chore", PullResponse(objects: [Self.chore("c1", title: "wash", isDone: false, version: 4)], cursor: 4, hasMore: false))
        _ = try await sync.syncNow()
        var chore = try #require(try await data.store.fetch(Chore.self, id: "c1"))
        chore.title = "wash the floor"
        _ = try await data.store.save(chore)
        _ = try await data.store.save(Chore(title: "new"))
        #expect(try await sync.syncNow().pushed == 2)
        let sent = try #require(server.pushed.last)
        #expect(sent.map(\.operation) == ["update", "insert"])
        #expect(sent.map(\.baseVersion) == [4, nil])
        #expect(sent.map(\.policy) == ["fail-if-changed", "fail-if-changed"])
        #expect(sent.first?.fields == ["title"])
    }

    @Test("a refused change the resolver settles is sent again in the same sync, on the server's version, with its values")
    func resolverValuesAreSentInTheSameSync() async throws {
        let server = ConflictServer { change, push in
            push == 0
                ? Self.refused(change, fields: ["isDone"], current: Self.chore("c1", title: "wash", isDone: false, version: 6))
                : ChangeResult(operationId: change.operationId, status: "applied")
        }
        let (data, sync) = try await Self.engine(server)
        _ = try await data.syncState.applyPulled(
            PullResponse(objects: [Self.chore("c1", title: "wash", isDone: false, version: 4)], cursor: 4, hasMore: false),
            typeName: "Chore")
        var chore = try #require(try await data.store.fetch(Chore.self, id: "c1"))
        chore.isDone = true
        _ = try await data.store.save(chore)

        let report = try await sync.syncNow()
        #expect(report.resolved == 1)
        #expect(report.conflicts.isEmpty && report.rejected == 0)
        #expect(report.pushed == 1)
        #expect(server.pushed.count == 2)
        let resent = try #require(server.pushed.last?.first)
        #expect(resent.operationId == server.pushed.first?.first?.operationId, "the same operation, never applied")
        #expect(resent.baseVersion == 6)
        #expect(resent.values["isDone"] == .integer(1))
        #expect(try await data.journal.pendingCount() == 0)
        #expect(try await data.conflicts.conflicts().isEmpty)
    }

    @Test("a change refused only for a quiet field is sent again on the server's version in the same sync, nobody asked")
    func quietOnlyRefusalIsResent() async throws {
        let server = ConflictServer { change, push in
            push == 0
                ? Self.refused(change, fields: ["touchedAt"], current: Self.chore("c1", title: "wash", isDone: false, version: 7))
                : ChangeResult(operationId: change.operationId, status: "applied")
        }
        let (data, sync) = try await Self.engine(server)
        _ = try await data.syncState.applyPulled(
            PullResponse(objects: [Self.chore("c1", title: "wash", isDone: false, version: 4)], cursor: 4, hasMore: false),
            typeName: "Chore")
        var chore = try #require(try await data.store.fetch(Chore.self, id: "c1"))
        chore.title = "wash well"
        chore.touchedAt = 5
        _ = try await data.store.save(chore)

        let report = try await sync.syncNow()
        #expect(report.resolved == 1 && report.conflicts.isEmpty && report.pushed == 1)
        #expect(server.pushed.last?.first?.baseVersion == 7)
        #expect(server.pushed.last?.first?.values["title"] == .text("wash well"))
    }

    @Test("a refused change the resolver leaves alone is one of the report's conflicts, with the server's values and who changed them")
    func unresolvedRefusalIsReported() async throws {
        let server = ConflictServer { change, _ in
            Self.refused(change, fields: ["title"], current: Self.chore("c1", title: "mop", isDone: false, version: 6), byAccount: "carol")
        }
        let (data, sync) = try await Self.engine(server)
        _ = try await data.syncState.applyPulled(
            PullResponse(objects: [Self.chore("c1", title: "wash", isDone: false, version: 4)], cursor: 4, hasMore: false),
            typeName: "Chore")
        var chore = try #require(try await data.store.fetch(Chore.self, id: "c1"))
        chore.title = "sweep"
        _ = try await data.store.save(chore)

        let report = try await sync.syncNow()
        #expect(report.resolved == 0 && report.rejected == 1)
        #expect(server.pushed.count == 1)
        let conflict = try #require(report.conflicts.first)
        #expect(conflict.kind == .refused && conflict.fields == ["title"])
        #expect(conflict.mine == ["title": .text("sweep")] && conflict.theirs == ["title": .text("mop")])
        #expect(conflict.serverVersion == 6)
        #expect(conflict.byAccount == "carol", "the server named who changed it since this device's copy")
        #expect(try await data.conflicts.conflicts().map(\.id) == [conflict.id])
    }

    @Test("a pull's overwrite notice of this device's write becomes a conflict once; another device's is dropped")
    func overwriteNoticesAreReported() async throws {
        let server = ConflictServer()
        let (data, sync) = try await Self.engine(server)
        let saved = try await data.store.save(Chore(title: "mine"))
        let id = try #require(saved.objectId)
        _ = try await sync.syncNow()
        let operationID = try #require(server.pushed.first?.first?.operationId)
        let notice = WireOverwrite(
            objectId: id, version: 9, operationId: operationID, fields: ["title"], yours: ["title": .text("mine")],
            theirs: ["title": .text("theirs")], byAccount: "carol")
        let stranger = WireOverwrite(
            objectId: id, version: 9, operationId: "0190f5c4-0000-7000-8000-00000000abcd", fields: ["title"], yours: [:],
            theirs: ["title": .text("theirs")], byAccount: "carol")
        let page = PullResponse(
            objects: [Self.chore(id, title: "theirs", isDone: false, version: 9)], cursor: 9, hasMore: false,
            overwritten: [notice, stranger])
        server.script("Chore", page)
        let report = try await sync.syncNow()
        #expect(report.conflicts.map(\.kind) == [.overwritten])
        #expect(report.conflicts.first?.byAccount == "carol")
        #expect(report.conflicts.first?.mine == ["title": .text("mine")])
        #expect(try await data.store.fetch(Chore.self, id: id)?.title == "theirs")

        server.script("Chore", page)
        #expect(try await sync.syncNow().conflicts.isEmpty, "a notice seen before is not reported again")
        #expect(try await data.conflicts.conflicts().count == 1)
    }
}
