import Foundation
import Logging
import StrataBenchSupport
import StrataCrossCutting
import StrataData
import StrataJournal
import StrataStore

/// The change journal after a long offline period: `size` objects of a type that goes to the
/// server saved with no sync engine running (so `size` pending inserts wait in the journal),
/// then edits of objects spread over the store, one transaction each: each edit folds into its
/// object's pending insert (the journal does not grow). The baseline updates the same column of
/// other rows of the same file through the C API (no journal): the ratio is what the journal
/// adds to an edit. The edit is timed twice, on other objects: called from the cooperative pool
/// (a hop to the store's lane and back) and from a task preferring the store's executor (no hop).
struct JournalScale {
    let size: Int
    let folder: URL
    let logger: Logger

    /// How many edits each side makes (the median is shown): 500, since a median of 100 moved
    /// by a third between runs a minute apart; `STRATA_BENCH_JOURNAL_EDITS` sets another count
    /// (more, for a profiler to see the edits rather than the fill).
    static let edits = ProcessInfo.processInfo.environment["STRATA_BENCH_JOURNAL_EDITS"].flatMap(Int.init).map { max(1, $0) } ?? 500

    func run(_ figures: Figures) async throws -> Figures {
        var figures = figures
        let container = ContainerDirectory(url: folder)
        let data = try await DataLayerFactory.live(container: container, logger: logger)
        let store = data.store
        try await store.register(SyncedRecord.self)
        let stride = max(1, size / (3 * Self.edits))
        var sample: [SyncedRecord] = []
        for start in Swift.stride(from: 0, to: size, by: 100_000) {
            let saved = try await store.save((start..<min(size, start + 100_000)).map(SyncedRecord.init(index:)))
            for (offset, record) in saved.enumerated() where (start + offset) % stride == 0 { sample.append(record) }
        }
        let raw = try RawSQLite(path: container.storeURL.path)
        try raw.exec("PRAGMA wal_checkpoint(TRUNCATE)")
        let bytes = Double(fileSize(container.storeURL.path))
        let plain = try raw.plainTableBytes(of: "SyncedRecord", in: folder)
        try printWhereTheBytesGo(raw)
        let count = min(Self.edits, sample.count / 3)
        var (strata, preferring, baseline) = ([Double](), [Double](), [Double]())
        for index in 0..<count {
            var mine = sample[3 * index]
            mine.memo = "edited offline"
            var onExecutor = sample[3 * index + 1]
            onExecutor.memo = "edited offline"
            let theirs = sample[3 * index + 2].objectId!
            strata.append(try await seconds { _ = try await store.save(mine) })
            preferring.append(try await withTaskExecutorPreference(store.executor) { try await seconds { _ = try await store.save(onExecutor) } })
            baseline.append(try seconds { try raw.updateMemo(table: "SyncedRecord", id: theirs, memo: "edited offline") })
        }
        let pending = try await data.journal.pendingCount()
        guard pending == size else { throw BenchError("the journal holds \(pending) pending changes for \(size) objects after the edits") }
        figures.add(
            "offline edit", operation: "save of an edited object whose insert waits in the journal (folded into it), called from the cooperative pool", unit: "µs",
            baseline: "an UPDATE of the same column of another row of the same file through the SQLite C API",
            .init(size: size, strata: median(strata) * 1e6, baseline: median(baseline) * 1e6))
        figures.add(
            "offline edit, on the store's executor",
            operation: "the same save called from a task preferring the store's executor (no hop to its lane)", unit: "µs",
            baseline: "an UPDATE of the same column of another row of the same file through the SQLite C API",
            .init(size: size, strata: median(preferring) * 1e6, baseline: median(baseline) * 1e6))
        figures.add(
            "size with journal", operation: "store file bytes per object, each with its pending insert in the journal", unit: "bytes",
            baseline: "the same rows and indexes in a plain SQLite table of the record's columns",
            .init(size: size, strata: bytes / Double(size), baseline: plain / Double(size)))
        return figures
    }

    /// Prints the store file's bytes per object by table and index (SQLite's `dbstat`, when
    /// the library has it): where the journal's bytes go.
    private func printWhereTheBytesGo(_ raw: RawSQLite) throws {
        guard
            let rows = try? raw.strings(
                """
                SELECT name || ' ' || printf('%.1f', sum(pgsize) * 1.0 / \(size)) FROM dbstat
                GROUP BY name HAVING sum(pgsize) * 1.0 / \(size) >= 1 ORDER BY sum(pgsize) DESC
                """)
        else { return }
        print("  bytes per object by table and index at \(size): " + rows.joined(separator: ", "))
    }
}

/// ``ScaleRecord``'s row and indexes in a type whose changes go to the server (`localAndServer`).
struct SyncedRecord: CaseRowRecord {
    var objectId: String?
    var row = CaseRow()

    init() {}

    init(index: Int) { row = .scale(index) }

    static let schema = caseRowSchema("SyncedRecord", compoundIndexes: [ScaleRecord.pageIndex], behaviour: ValueObjectBehaviour(persistentType: .localAndServer), fields: storedFields)

    /// The six fields through the stored `row`, as an app's type declares its own (see
    /// ``CaseRowRecord/caseRowSchema(_:indexed:compoundIndexes:behaviour:fields:)``).
    static let storedFields: [ValueObjectSchema<SyncedRecord>.Field] = [
        .field("patientName", \SyncedRecord.row.patientName),
        .field("age", \SyncedRecord.row.age),
        .field("gender", \SyncedRecord.row.gender),
        .field("isFollow", \SyncedRecord.row.isFollow),
        .field("memo", \SyncedRecord.row.memo),
        .field("createdAt", \SyncedRecord.row.createdAt),
    ]
}
