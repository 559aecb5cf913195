import Foundation
import StrataCrossCutting
import StrataData
import StrataDataTesting
import StrataJournal
import StrataSession
import StrataStore
import StrataTestSupport
import StrataWire
import Synchronization
import Testing

@testable import StrataSync

/// The pull moves three pages at once: while one page is written on the store's lane, the next
/// is prepared (its encrypted keys sealed, ``SyncStateStore/preparePulled(_:typeName:)``) and
/// the one after it is fetched. Pages are still written one at a time, in cursor order.
@Suite("Sync engine: a pull prepares the next page and fetches the one after while it writes one")
struct PullPipelineTests {
    @Test("while the first page is written, the second is prepared and the third already asked for; all are written in order")
    func writesOnePagePreparesTheNextAndFetchesTheOneAfter() async throws {
        let server = SyncTestServer()
        let path = "\(WirePaths.objects)/SyncVisit"
        var pages: [PullResponse] = []
        for page in 1...4 {
            var objects: [WireObject] = []
            for index in 0..<3 {
                let version = Int64(page * 10 + index)
                objects.append(.visit("p\(page)-\(index)", patient: "patient \(page).\(index)", ward: page, version: version))
            }
            pages.append(PullResponse(objects: objects, cursor: Int64(page * 10 + 2), hasMore: page < 4))
        }
        for page in pages { server.scriptPages("SyncVisit", page) }
        let inner = try await DataLayerFactory.live(container: temporaryContainer(), logger: quietLogger, clock: TestClock())
        // The first write waits (up to a generous deadline) until the server was asked for the third page.
        let watched = WatchedPulls(over: inner.syncState, requests: { server.requests(to: path).count }) { written in
            guard written == 0 else { return }
            _ = await eventually(within: Patience.childProcess) { server.requests(to: path).count >= 3 }
        }
        let data = inner.replacing(syncState: watched)
        try await data.store.register(SyncVisit.self)
        try await data.session.save(
            AuthInfo(userID: "u1", account: "u1@example.org", groups: [], token: "token-u1", validUntil: Date().addingTimeInterval(3600)))
        let sync = SyncFactory.live(
            data: data,
            configuration: SyncConfiguration(
                serverURL: SyncHarness.server, appID: "strata", appVersion: "1", appKey: "key", deviceID: "device-1", pollInterval: 0.05),
            transport: server, logger: quietLogger, clock: TestClock(), sleep: { _ in })

        let report = try await sync.syncNow()

        let seen = watched.log
        #expect((seen.first?.requestsBeforeWrite ?? 0) >= 3, "the third page was asked for while the first was written")
        #expect(seen.map { $0.cursor } == pages.map { $0.cursor }, "each page written once, in cursor order")
        #expect(seen.allSatisfy { $0.prepared }, "each page reached its write prepared")
        #expect(report.pulled == ["SyncVisit": 12])
        #expect(try await data.store.count(Query<SyncVisit>()) == 12)
        #expect(try await inner.syncState.value(.cursor("SyncVisit")) == "42")
        #expect(server.requests(to: path).map { $0.parameter("since") } == ["0", "12", "22", "32"])
    }
}

/// A sync state over the real one that records each prepared page it writes (its cursor,
/// whether the store had prepared it, how many pulls the server had seen when its write
/// began) and runs `beforeWrite` first. Everything else goes straight through.
final class WatchedPulls: SyncStateStore {
    struct Write: Sendable {
        var cursor: Int64
        var prepared: Bool
        var requestsBeforeWrite: Int
    }

    private let inner: any SyncStateStore
    private let requests: @Sendable () -> Int
    private let beforeWrite: @Sendable (Int) async -> Void
    private let writes = Mutex<[Write]>([])
    /// The pages written so far.
    var log: [Write] { writes.withLock { $0 } }

    /// `requests` counts the pulls the server has seen; `beforeWrite` gets how many pages were written before.
    init(
        over inner: any SyncStateStore, requests: @escaping @Sendable () -> Int,
        beforeWrite: @escaping @Sendable (_ written: Int) async -> Void
    ) {
        self.inner = inner
        self.requests = requests
        self.beforeWrite = beforeWrite
    }

    func applyPulled(_ prepared: PreparedPullPage) async throws -> PulledPageOutcome {
        let written = writes.withLock { $0.count }
        await beforeWrite(written)
        writes.withLock {
            $0.append(Write(cursor: prepared.page.cursor, prepared: prepared.work != nil, requestsBeforeWrite: requests()))
        }
        return try await inner.applyPulled(prepared)
    }

    func preparePulled(_ page: PullResponse, typeName: String) async throws -> PreparedPullPage {
        try await inner.preparePulled(page, typeName: typeName)
    }
    func applyPulled(_ page: PullResponse, typeName: String) async throws -> PulledPageOutcome {
        Issue.record("the engine writes pulled pages through applyPulled(_ prepared:)")
        return try await inner.applyPulled(page, typeName: typeName)
    }
    func status() async throws -> SyncStatus { try await inner.status() }
    func value(_ key: SyncStateKey) async throws -> String? { try await inner.value(key) }
    func set(_ values: [SyncStateKey: String?]) async throws { try await inner.set(values) }
    func syncedTypes() async throws -> [SyncedType] { try await inner.syncedTypes() }
    func refetchRequests(_ typeName: String) async throws -> [String] { try await inner.refetchRequests(typeName) }
    func applyRefetched(_ objects: [WireObject], missing: [String], typeName: String) async throws -> PulledPageOutcome {
        try await inner.applyRefetched(objects, missing: missing, typeName: typeName)
    }
    func requeueChanged(_ objects: [WireObject], typeName: String, ownerUser: String) async throws -> Int {
        try await inner.requeueChanged(objects, typeName: typeName, ownerUser: ownerUser)
    }
    func requeueMissing(_ typeName: String, present: Set<String>, ownerUser: String) async throws -> Int {
        try await inner.requeueMissing(typeName, present: present, ownerUser: ownerUser)
    }
    func conflictHandling(for typeName: String) async throws -> ConflictHandling { try await inner.conflictHandling(for: typeName) }
    func objectFacts(typeName: String, objectIDs: [String]) async throws -> [String: ObjectSyncFacts] {
        try await inner.objectFacts(typeName: typeName, objectIDs: objectIDs)
    }
}
