import CSQLite
import Foundation
import Logging
import StrataBenchSupport
import StrataCrossCutting
import StrataData
import StrataStore

/// Runs one comparison: `store.save(list)` against the raw C API on an identical table.
struct InsertBenchmark {
    let rows: Int
    let runs: Int
    let scratch: URL
    let logger: Logger

    /// Measures both sides `runs` times, alternating which goes first, and prints the medians.
    func compare<Record: ValueObject>(_ title: String, _ type: Record.Type, make: (Int) -> Record) async throws {
        let records = (0..<rows).map(make)
        let plain = (0..<rows).map { CaseRow(index: $0) }
        let ids = (0..<rows).map { String(format: "%016llx%012llx", 0x5eed_5eed_5eed_5eed as UInt64, UInt64($0 + 1)) }
        var storeTimes: [Double] = []
        var rawTimes: [Double] = []
        for run in 0..<runs {
            let folder = scratch.appendingPathComponent("\(Record.self)-\(run)")
            let tableSQL = try await prepareStore(folder, type)
            // The baseline: the same rows through the SQLite C API, one prepared statement in one
            // transaction, into a table made with the very DDL the store made, in a file beside it.
            let raw = try RawSQLite(path: folder.appendingPathComponent("raw.sqlite").path)
            for sql in tableSQL { try raw.exec(sql) }
            let table = Record.schema.typeName
            if run % 2 == 0 {
                storeTimes.append(try await timeStore(folder, records))
                rawTimes.append(try seconds { try raw.insert(plain, ids: ids, into: table) })
            } else {
                rawTimes.append(try seconds { try raw.insert(plain, ids: ids, into: table) })
                storeTimes.append(try await timeStore(folder, records))
            }
            try? FileManager.default.removeItem(at: folder)
        }
        let store = Double(rows) / storeTimes.sorted()[runs / 2]
        let raw = Double(rows) / rawTimes.sorted()[runs / 2]
        print("\n\(title):")
        print(String(format: "  raw SQLite C API (one prepared statement):  %10.0f rows/s", raw))
        print(String(format: "  StrataData store.save(list):                %10.0f rows/s", store))
        print(String(format: "  ratio store / raw: %.2fx (target >= 0.70x)", store / raw))
    }

    /// Creates the store's table and returns its DDL, so the raw side gets the very same table.
    private func prepareStore<Record: ValueObject>(_ folder: URL, _ type: Record.Type) async throws -> [String] {
        let container = ContainerDirectory(url: folder)
        try await DataLayerFactory.live(container: container, logger: logger).store.register(type)
        return try schemaSQL(of: container.storeURL.path, table: Record.schema.typeName)
    }

    private func timeStore<Record: ValueObject>(_ folder: URL, _ records: [Record]) async throws -> Double {
        let store = try await DataLayerFactory.live(container: ContainerDirectory(url: folder), logger: logger).store
        try await store.register(Record.self)
        var saved = 0
        let took = try await seconds { saved = try await store.save(records).count }
        guard saved == records.count else { throw BenchError("saved \(saved) of \(records.count)") }
        return took
    }

    /// The CREATE TABLE / CREATE INDEX statements the store wrote (not its kept-count triggers,
    /// which need the store's `_strata_counts`: their cost is Strata's, in the ratio).
    private func schemaSQL(of path: String, table: String) throws -> [String] {
        var db: OpaquePointer?
        guard sqlite3_open(path, &db) == SQLITE_OK else { throw BenchError("cannot open \(path)") }
        defer { sqlite3_close(db) }
        var statement: OpaquePointer?
        let query = "SELECT sql FROM sqlite_schema WHERE tbl_name = '\(table)' AND type IN ('table', 'index') AND sql IS NOT NULL ORDER BY type DESC"
        guard sqlite3_prepare_v2(db, query, -1, &statement, nil) == SQLITE_OK else { throw BenchError("cannot read \(path)") }
        defer { sqlite3_finalize(statement) }
        var sql: [String] = []
        while sqlite3_step(statement) == SQLITE_ROW { sql.append(String(cString: sqlite3_column_text(statement, 0))) }
        return sql
    }
}
