import Foundation
import Logging
import StrataBenchSupport
import StrataCrossCutting
import StrataData
import StrataStore

/// The lifespan purge after a long offline period: a store of `size` objects of a type that
/// keeps rows a day, all stored 30 days before the store opens again; registering the type
/// purges them (in one write transaction). The baseline deletes the same rows from a copy of
/// the same file with one `DELETE … WHERE "_storedAt" < ?` through the C API.
struct PurgeScale {
    let size: Int
    let folder: URL
    let logger: Logger

    func run(_ figures: Figures) async throws -> Figures {
        var figures = figures
        let then = Date(timeIntervalSince1970: 1_700_000_000)
        let later = then.addingTimeInterval(30 * 86_400)
        let container = ContainerDirectory(url: folder)
        let store = try await DataLayerFactory.live(container: container, logger: logger, clock: FixedClock(then)).store
        try await store.register(ExpiringRecord.self)
        for start in stride(from: 0, to: size, by: 100_000) {
            _ = try await store.save((start..<min(size, start + 100_000)).map(ExpiringRecord.init(index:)))
        }
        let path = container.storeURL.path
        let copy = folder.appendingPathComponent("raw.sqlite").path
        do {
            let raw = try RawSQLite(path: path)
            try raw.exec("PRAGMA wal_checkpoint(TRUNCATE)")
        }
        try FileManager.default.copyItem(atPath: path, toPath: copy)

        let reopened = try await DataLayerFactory.live(container: container, logger: logger, clock: FixedClock(later)).store
        let strata = try await seconds { try await reopened.register(ExpiringRecord.self) }
        let raw = try RawSQLite(path: copy)
        let baseline = try seconds {
            try raw.exec("BEGIN IMMEDIATE")
            try raw.exec(#"DELETE FROM "ExpiringRecord" WHERE "_storedAt" < \#(later.timeIntervalSince1970 - 86_400)"#)
            try raw.exec("COMMIT")
        }
        let left = try RawSQLite(path: path).strings(#"SELECT count(*) FROM "ExpiringRecord""#)
        let rawLeft = try raw.strings(#"SELECT count(*) FROM "ExpiringRecord""#)
        guard left == ["0"], rawLeft == ["0"] else { throw BenchError("the purge left \(left) rows, the raw delete \(rawLeft)") }
        figures.add(
            "lifespan purge", operation: "purge of N expired objects on registering, per object", unit: "µs",
            baseline: "one DELETE of the same rows from a copy of the same file through the SQLite C API",
            .init(size: size, strata: strata / Double(size) * 1e6, baseline: baseline / Double(size) * 1e6))
        return figures
    }
}

/// ``ScaleRecord``'s row and indexes in a type whose local rows live a day (`lifespan: 86_400`).
struct ExpiringRecord: CaseRowRecord {
    var objectId: String?
    var row = CaseRow()

    init() {}

    init(index: Int) { row = .scale(index) }

    static let schema = caseRowSchema("ExpiringRecord", compoundIndexes: [ScaleRecord.pageIndex], behaviour: ValueObjectBehaviour(persistentType: .localOnly, lifespan: 86_400), fields: storedFields)

    /// The six fields through the stored `row`, as an app's type declares its own (see
    /// ``CaseRowRecord/caseRowSchema(_:indexed:compoundIndexes:behaviour:fields:)``).
    static let storedFields: [ValueObjectSchema<ExpiringRecord>.Field] = [
        .field("patientName", \ExpiringRecord.row.patientName),
        .field("age", \ExpiringRecord.row.age),
        .field("gender", \ExpiringRecord.row.gender),
        .field("isFollow", \ExpiringRecord.row.isFollow),
        .field("memo", \ExpiringRecord.row.memo),
        .field("createdAt", \ExpiringRecord.row.createdAt),
    ]
}
