import Foundation
import Logging
import StrataBenchSupport
import StrataCrossCutting
import StrataData
import StrataJournal
import StrataStore
import StrataSync

/// Sync push and pull at one size, against a real `strata-server` (SQLite engine, a child
/// process on loopback, fresh for each size): a client store with `size` pending changes (a
/// long offline period) pushes them until its journal is drained; then a fresh client (another
/// user of the same group) pulls all `size` objects. The baselines move the same rows through
/// the C API (``SyncBaseline``): for push, from a copy of the client's journal into tables of
/// the server's shape in another file, a batch at a time; for pull, from the server's own
/// file into a table of the store's shape, a page at a time.
struct SyncScale {
    let size: Int
    let folder: URL
    let logger: Logger

    static let password = "bench password 1234"
    /// Changes per request and objects per pull page (the engine's defaults, the server's limit).
    static let batch = 1_000
    /// Bytes on disk one object costs this path at its peak, with room to spare: during the push
    /// the pushing client's row with its pending change (~880 with the WAL's share), the
    /// journal's copy (~550) and the server's rows (~640); the baseline's push and the pull
    /// hold less (the pushing client's files are gone by then).
    static let bytesPerObject: Int64 = 2_600

    /// Whether the temporary folder has room for `size` objects (and how much it needs).
    static func fits(_ size: Int) -> (Bool, needed: Int64) {
        let needed = Int64(size) * bytesPerObject
        let free = ((try? FileManager.default.attributesOfFileSystem(forPath: FileManager.default.temporaryDirectory.path))?[.systemFreeSize] as? Int64) ?? 0
        return (free >= needed, needed)
    }

    /// Why the sync paths cannot run (no `strata-server` built beside this executable, nor
    /// named by `STRATA_SERVER_BIN`), or `nil` when they can.
    static func serverMissing() -> String? {
        do {
            _ = try ServerChild(dataDirectory: FileManager.default.temporaryDirectory)
            return nil
        } catch {
            return "\(error)"
        }
    }

    /// Client A saves `size` objects with the engine stopped (a long offline period), its
    /// journal is copied for the baseline, then it pushes them: the seconds from the loop's start
    /// until no change is pending or in flight (a look at the journal's first pending row every
    /// 5 ms: an index seek, not a count). The client's data layer is closed when this returns.
    private func push(into pusherFolder: URL, configuration: SyncConfiguration, baseline: SyncBaseline) async throws -> Double {
        let a = try await DataLayerFactory.live(container: ContainerDirectory(url: pusherFolder), logger: logger)
        let aSync = SyncFactory.live(data: a, configuration: configuration, logger: logger)
        try await a.store.register(SharedRecord.self)
        _ = try await aSync.login(account: "pusher", password: Self.password)
        for start in stride(from: 0, to: size, by: 100_000) {
            _ = try await a.store.save((start..<min(size, start + 100_000)).map(SharedRecord.init(index:)))
        }
        try baseline.copyJournal(from: ContainerDirectory(url: pusherFolder).storeURL.path)
        let push = try await seconds {
            aSync.start()
            defer { aSync.stop() }
            while try await !a.journal.changes(in: [.pending, .inFlight], limit: 1).isEmpty {
                try await Task.sleep(for: .milliseconds(5))
            }
        }
        let rejected = try await a.journal.changes(in: [.rejected], limit: 1)
        guard rejected.isEmpty else { throw BenchError("the server rejected a change: \(rejected[0].reason ?? "no reason")") }
        return push
    }

    func run(_ figures: Figures) async throws -> Figures {
        var figures = figures
        let deployment = try Deployment(
            engine: .sqlite, instances: 1, viaNginx: false, scratch: folder, users: ["pusher", "puller"], password: Self.password,
            outsiders: ["outsider"])
        defer { deployment.stop() }
        let configuration = SyncConfiguration(
            serverURL: deployment.url, appID: "org.strata.bench", appVersion: "1", appKey: deployment.appKey, deviceName: "bench",
            requestTimeout: 120, batchSize: Self.batch, pullPageSize: Self.batch)
        let serverFile = folder.appendingPathComponent("server/apps/org.strata.bench@1.sqlite").path

        let baseline = SyncBaseline(folder: folder, batch: Self.batch)
        let pusherFolder = folder.appendingPathComponent("pusher")
        let push = try await push(into: pusherFolder, configuration: configuration, baseline: baseline)
        // The pushing client's files go before the baseline's push (the disk holds each size's files at most once).
        try? FileManager.default.removeItem(at: pusherFolder)
        let basePush = try seconds { try baseline.push() }
        baseline.removePushFiles()
        figures.add(
            "sync push", operation: "push of N pending changes to strata-server (SQLite) until drained, per change", unit: "µs",
            baseline: "the same rows moved through the C API: read from a copy of the journal and deleted, 1,000 at a time, "
                + "each batch inserted with its operation id into tables of the server's shape in another file",
            .init(size: size, strata: push / Double(size) * 1e6, baseline: basePush / Double(size) * 1e6))

        // Pull: a fresh client of another user of the group pulls all `size` objects.
        let b = try await DataLayerFactory.live(container: ContainerDirectory(url: folder.appendingPathComponent("puller")), logger: logger)
        let bSync = SyncFactory.live(data: b, configuration: configuration, logger: logger)
        try await b.store.register(SharedRecord.self)
        _ = try await bSync.login(account: "puller", password: Self.password)
        var pulled = 0
        let pull = try await seconds { pulled = try await bSync.syncNow().pulledCount }
        let stored = try await b.store.count(Query<SharedRecord>())
        guard pulled == size, stored == size else { throw BenchError("the pull wrote \(pulled) objects and the store holds \(stored); expected \(size)") }
        let (basePull, copied) = try seconds(returning: { try baseline.pull(from: serverFile, typeName: SharedRecord.schema.typeName) })
        guard copied == size else { throw BenchError("the baseline pull copied \(copied) rows; expected \(size)") }
        figures.add(
            "sync pull", operation: "pull of N objects from strata-server (SQLite) into a fresh store, per object", unit: "µs",
            baseline: "the same rows read from the server's file through the C API, 1,000 at a time in version order, "
                + "each page written into a table of the store's shape and indexes in another file",
            .init(size: size, strata: pull / Double(size) * 1e6, baseline: basePull / Double(size) * 1e6))

        // The pull of a user who sees none of the N objects (in no group; the objects are
        // group-scope): fresh clients, each pulling from the start, so no cursor hides the cost.
        var (outsider, baseOutsider) = ([Double](), [Double]())
        for index in 0..<Self.outsiderPulls {
            let c = try await DataLayerFactory.live(
                container: ContainerDirectory(url: folder.appendingPathComponent("outsider-\(index)")), logger: logger)
            let cSync = SyncFactory.live(data: c, configuration: configuration, logger: logger)
            try await c.store.register(SharedRecord.self)
            _ = try await cSync.login(account: "outsider", password: Self.password)
            var seen = -1
            outsider.append(try await seconds { seen = try await cSync.syncNow().pulledCount })
            guard seen == 0 else { throw BenchError("the outsider pulled \(seen) objects; expected none") }
            let (base, rows) = try seconds(returning: { try baseline.outsiderPull(from: serverFile, typeName: SharedRecord.schema.typeName) })
            guard rows == 0 else { throw BenchError("the baseline's outsider pull read \(rows) rows; expected none") }
            baseOutsider.append(base)
        }
        figures.add(
            "outsider pull", operation: "a pull (one sync) by a user who sees none of the N objects, from the start", unit: "ms",
            baseline: "the server's pull statement for that user (its visibility branches, first page) through the C API, opening the server's file included",
            .init(size: size, strata: median(outsider) * 1e3, baseline: median(baseOutsider) * 1e3))
        return figures
    }

    /// Fresh outsiders pulling, per size (the median is shown).
    static let outsiderPulls = 7
}

/// ``ScaleRecord``'s row and indexes in a type both clients sync: `localAndServer`, group scope, so the
/// second user of the group pulls what the first pushed.
struct SharedRecord: CaseRowRecord {
    var objectId: String?
    var row = CaseRow()

    init() {}

    init(index: Int) { row = .scale(index) }

    static let schema = caseRowSchema("SharedRecord", compoundIndexes: [ScaleRecord.pageIndex], behaviour: ValueObjectBehaviour(persistentType: .localAndServer, scope: .group), fields: storedFields)

    /// The six fields through the stored `row`, as an app's type declares its own (see
    /// ``CaseRowRecord/caseRowSchema(_:indexed:compoundIndexes:behaviour:fields:)``).
    static let storedFields: [ValueObjectSchema<SharedRecord>.Field] = [
        .field("patientName", \SharedRecord.row.patientName),
        .field("age", \SharedRecord.row.age),
        .field("gender", \SharedRecord.row.gender),
        .field("isFollow", \SharedRecord.row.isFollow),
        .field("memo", \SharedRecord.row.memo),
        .field("createdAt", \SharedRecord.row.createdAt),
    ]
}
