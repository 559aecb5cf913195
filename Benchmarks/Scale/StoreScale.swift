import Foundation
import Logging
import StrataBenchSupport
import StrataCrossCutting
import StrataData
import StrataStore

/// The local paths at one size: a store of `size` rows through StrataData, and the same work
/// on the same file through `RawSQLite` (StrataBenchSupport) (the two alternate, operation by operation).
///
/// Each store operation is measured in two forms, alternating with the raw side: from a task on
/// Swift's cooperative pool (the store's call hops to its lane and back), and from a task that
/// prefers the store's executor (``ValueObjectStore/executor``: the call runs where the task
/// already is). The same Swift values are built and the same SQL runs in both.
struct StoreScale {
    let size: Int
    let folder: URL
    let logger: Logger

    /// How many times each operation runs per side (the median is shown).
    static let batches = 10, batchSize = 1_000, singles = 300, fetches = 500, deletes = 300, pages = 300, pagesBefore = 15

    /// Adds this size's points to `figures`.
    func run(_ figures: Figures) async throws -> Figures {
        var figures = figures
        let table = ScaleRecord.schema.typeName
        let container = ContainerDirectory(url: folder)
        let store = try await DataLayerFactory.live(container: container, logger: logger).store
        try await store.register(ScaleRecord.self)
        // Fill through the store; keep an even sample of ids for fetches and deletes.
        let sampleCount = Self.fetches + 3 * Self.deletes
        let stride = max(1, size / sampleCount)
        var sample: [String] = []
        for start in Swift.stride(from: 0, to: size, by: 100_000) {
            let saved = try await store.save((start..<min(size, start + 100_000)).map(ScaleRecord.init(index:)))
            for (offset, record) in saved.enumerated() where (start + offset) % stride == 0 {
                sample.append(record.objectId!)
            }
        }
        var generator = SystemRandomNumberGenerator()
        sample.shuffle(using: &generator)
        let raw = try RawSQLite(path: container.storeURL.path)
        try bytesPerObject(raw, storePath: container.storeURL.path, into: &figures)

        var next = size
        func fresh(_ count: Int) -> [ScaleRecord] {
            defer { next += count }
            return (next..<next + count).map(ScaleRecord.init(index:))
        }
        // The raw side's ids have the store's shape (ObjectIDGenerator): 16 hex digits chosen once,
        // then a 12-digit counter, so both sides' keys and index entries are the same size.
        let rawPrefix = UInt64.random(in: .min ... .max)
        var rawCount = 0
        func rawIds(_ count: Int) -> [String] {
            defer { rawCount += count }
            return (rawCount..<rawCount + count).map { String(format: "%016llx%012llx", rawPrefix, UInt64($0)) }
        }

        // 1. a batch of 1,000 new objects.
        var (strata, preferring, baseline) = ([Double](), [Double](), [Double]())
        for _ in 0..<Self.batches {
            let (mine, onLane, theirs) = (fresh(Self.batchSize), fresh(Self.batchSize), fresh(Self.batchSize).map(\.row))
            strata.append(try await seconds { _ = try await store.save(mine) })
            preferring.append(try await onExecutor(of: store) { _ = try await store.save(onLane) })
            let ids = rawIds(Self.batchSize)
            baseline.append(try seconds { try raw.insert(theirs, ids: ids, into: table) })
        }
        add(&figures, "batch save", "save of a batch of \(Self.batchSize) new objects", "ms", strata, preferring, baseline, scale: 1e3)

        // 2. one new object per transaction.
        (strata, preferring, baseline) = ([], [], [])
        for _ in 0..<Self.singles {
            let (mine, onLane, theirs) = (fresh(1)[0], fresh(1)[0], fresh(1).map(\.row))
            strata.append(try await seconds { _ = try await store.save(mine) })
            preferring.append(try await onExecutor(of: store) { _ = try await store.save(onLane) })
            let ids = rawIds(1)
            baseline.append(try seconds { try raw.insert(theirs, ids: ids, into: table) })
        }
        add(&figures, "single save", "save of one new object (its own transaction)", "µs", strata, preferring, baseline, scale: 1e6)

        // 3. fetch by id (the same ids on every side).
        (strata, preferring, baseline) = ([], [], [])
        let deleteCount = min(Self.deletes, sample.count / 6)
        let doomed = Array(sample.suffix(3 * deleteCount))
        let kept = Array(sample.dropLast(3 * deleteCount))
        for id in (0..<Self.fetches).map({ kept[$0 % kept.count] }) {
            strata.append(try await seconds { guard try await store.fetch(ScaleRecord.self, id: id) != nil else { throw BenchError("\(id) not found") } })
            preferring.append(
                try await onExecutor(of: store) { guard try await store.fetch(ScaleRecord.self, id: id) != nil else { throw BenchError("\(id) not found") } })
            baseline.append(try seconds { guard try raw.fetch(ScaleRecord.self, id: id, from: table) != nil else { throw BenchError("raw: \(id) not found") } })
        }
        add(&figures, "fetch by id", "fetch of one object by id", "µs", strata, preferring, baseline, scale: 1e6)

        // 4. delete by id (different ids on each side).
        (strata, preferring, baseline) = ([], [], [])
        for index in 0..<deleteCount {
            let (mine, onLane, theirs) = (doomed[3 * index], doomed[3 * index + 1], doomed[3 * index + 2])
            strata.append(try await seconds { guard try await store.delete(ScaleRecord(id: mine)) else { throw BenchError("\(mine) not deleted") } })
            preferring.append(
                try await onExecutor(of: store) { guard try await store.delete(ScaleRecord(id: onLane)) else { throw BenchError("\(onLane) not deleted") } })
            baseline.append(try seconds { guard try raw.delete(id: theirs, from: table) == 1 else { throw BenchError("raw: \(theirs) not deleted") } })
        }
        add(&figures, "delete", "delete of one object by id (its own transaction)", "µs", strata, preferring, baseline, scale: 1e6)

        // 5. where age = 42, newest first, page 3 of 50, with the compound index declared.
        (strata, preferring, baseline) = ([], [], [])
        let query = Query<ScaleRecord>().whereKey("age", .equal, 42).sorted(by: "createdAt", .descending).page(size: 50, index: 3)
        for _ in 0..<Self.pages {
            var (mine, onLane, theirs) = (0, 0, 0)
            strata.append(try await seconds { mine = try await store.query(query).count })
            preferring.append(try await onExecutor(of: store) { onLane = try await store.query(query).count })
            baseline.append(try seconds { theirs = try raw.page(ScaleRecord.self, age: 42, size: 50, index: 3, from: table).count })
            guard mine == theirs, onLane == theirs else { throw BenchError("the store's pages had \(mine) and \(onLane) rows, the raw one \(theirs)") }
        }
        add(&figures, "page query", "where age = 42, sort by createdAt desc, page 3 of 50 (compound index)", "µs", strata, preferring, baseline, scale: 1e6)

        // 6. the same page before compound indexes: registering the table with single-key indexes
        // only (ScaleRecordBefore) drops the compound one; both sides then read every match and
        // sort them (fewer runs: at 10M one takes about a quarter of a second).
        (strata, baseline) = ([], [])
        // A second layer on the same file: one store holds one Swift type per table name.
        let beforeStore = try await DataLayerFactory.live(container: container, logger: logger).store
        try await beforeStore.register(ScaleRecordBefore.self)
        let before = Query<ScaleRecordBefore>().whereKey("age", .equal, 42).sorted(by: "createdAt", .descending).page(size: 50, index: 3)
        for _ in 0..<Self.pagesBefore {
            var (mine, theirs) = (0, 0)
            strata.append(try await seconds { mine = try await beforeStore.query(before).count })
            baseline.append(try seconds { theirs = try raw.page(ScaleRecord.self, age: 42, size: 50, index: 3, from: table).count })
            guard mine == theirs else { throw BenchError("the store's page had \(mine) rows, the raw one \(theirs)") }
        }
        add(
            &figures, "page query before", "the same page with single-key indexes on age and createdAt, no compound index (as before issue 13)",
            "µs", strata, baseline, scale: 1e6)
        return figures
    }

    /// The store file's bytes per object after a checkpoint, against the same rows in a plain
    /// SQLite table holding only the record's columns and the same indexes.
    private func bytesPerObject(_ raw: RawSQLite, storePath: String, into figures: inout Figures) throws {
        try raw.exec("PRAGMA wal_checkpoint(TRUNCATE)")
        let store = Double(fileSize(storePath) + fileSize(storePath + "-wal"))
        let plain = try raw.plainTableBytes(of: ScaleRecord.schema.typeName, in: folder)
        figures.add(
            "size on disk", operation: "store file bytes per object after a checkpoint", unit: "bytes",
            baseline: "the same rows and indexes in a plain SQLite table of the record's columns",
            .init(size: size, strata: store / Double(size), baseline: plain / Double(size)))
    }

    private func add(_ figures: inout Figures, _ name: String, _ operation: String, _ unit: String, _ strata: [Double], _ baseline: [Double], scale: Double) {
        figures.add(
            name, operation: operation, unit: unit, baseline: "the same work on the same file through the SQLite C API",
            .init(size: size, strata: median(strata) * scale, baseline: median(baseline) * scale))
    }

    /// Adds both forms of an operation: `strata` called from the cooperative pool (`name`), and
    /// `preferring`, called from a task preferring the store's executor (`name, on the store's executor`).
    private func add(
        _ figures: inout Figures, _ name: String, _ operation: String, _ unit: String, _ strata: [Double], _ preferring: [Double],
        _ baseline: [Double], scale: Double
    ) {
        add(&figures, name, operation + " (called from the cooperative pool: a hop to the store's lane and back)", unit, strata, baseline, scale: scale)
        add(
            &figures, name + ", on the store's executor", operation + " (called from a task preferring the store's executor: no hop)", unit,
            preferring, baseline, scale: scale)
    }

    /// The seconds `work` takes in a task that prefers `store`'s executor and already runs on it
    /// (the hop there happens before the clock starts, as for a caller making many calls in a row).
    private func onExecutor(of store: any ValueObjectStore, _ work: () async throws -> Void) async throws -> Double {
        try await withTaskExecutorPreference(store.executor) { try await seconds(work) }
    }
}

/// The middle value (the mean of the two middle ones for an even count).
func median(_ values: [Double]) -> Double {
    guard !values.isEmpty else { return 0 }
    let sorted = values.sorted()
    return sorted.count.isMultiple(of: 2) ? (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2 : sorted[sorted.count / 2]
}

/// The size of the file at `path` in bytes (0 when it does not exist).
func fileSize(_ path: String) -> Int {
    ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int) ?? 0
}
