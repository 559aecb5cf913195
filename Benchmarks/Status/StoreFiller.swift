import CSQLite
import Foundation

/// Grows a store to many reports quickly: copies the rows strata-host wrote (each data table's
/// rows and the journal's) with SQL, a fresh id per copy, instead of a child process per report.
///
/// The copies are real rows of the store's own tables (encrypted fields stay valid ciphertext),
/// so the file has the pages — and `quick_check` the work — of a store that size.
struct StoreFiller {
    /// The store file (`strata.sqlite` in the container directory).
    let path: String

    /// Copies every user table's rows until it holds `count` rows (one copy per missing row).
    func grow(to count: Int) throws {
        try withDatabase { db in
            let tables = try strings(db, "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
            try exec(db, "BEGIN IMMEDIATE")
            for table in tables {
                let columns = try strings(db, "SELECT name FROM pragma_table_info('\(table)')")
                let key = try strings(db, "SELECT name FROM pragma_table_info('\(table)') WHERE pk = 1").first
                let have = Int(try strings(db, "SELECT count(*) FROM \"\(table)\"").first ?? "0") ?? 0
                guard have > 0, have < count, let key, !["_strata_settings", "_strata_type_versions", "_strata_counts"].contains(table) else {
                    continue
                }
                let isAutoincrement = table == "_strata_journal" || table == "_strata_log"
                let copied = columns.filter { !(isAutoincrement && $0 == key) }
                let names = copied.map { "\"\($0)\"" }.joined(separator: ", ")
                // Unique per copy: the key, and the journal's operation and object ids.
                let unique: Set<String> = isAutoincrement ? ["operationId", "objectId"] : [key]
                let values = copied.map { unique.contains($0) ? "\"\($0)\" || '-' || n.i" : "\"\($0)\"" }
                    .joined(separator: ", ")
                try exec(
                    db,
                    """
                    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(count - have))
                    INSERT INTO "\(table)" (\(names))
                    SELECT \(values) FROM n, (SELECT * FROM "\(table)" LIMIT 1)
                    """)
            }
            try exec(db, "COMMIT")
            try exec(db, "PRAGMA wal_checkpoint(TRUNCATE)")
        }
    }

    /// The seconds `PRAGMA quick_check` takes on the file (what `verifyPages` runs on opening).
    func quickCheckSeconds() throws -> Double {
        try withDatabase { db in
            let start = ContinuousClock.now
            let result = try strings(db, "PRAGMA quick_check(1)")
            let elapsed = ContinuousClock.now - start
            guard result == ["ok"] else { throw ChildProcess.Failure(description: "quick_check: \(result)") }
            return Double(elapsed.components.attoseconds) / 1e18 + Double(elapsed.components.seconds)
        }
    }

    /// The file's size in bytes (the WAL checkpointed into it).
    var fileSize: Int {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int) ?? 0
    }

    private func withDatabase<T>(_ body: (OpaquePointer) throws -> T) throws -> T {
        var db: OpaquePointer?
        guard sqlite3_open(path, &db) == SQLITE_OK, let db else { throw ChildProcess.Failure(description: "cannot open \(path)") }
        defer { sqlite3_close(db) }
        sqlite3_busy_timeout(db, 5_000)
        return try body(db)
    }

    private func exec(_ db: OpaquePointer, _ sql: String) throws {
        guard sqlite3_exec(db, sql, nil, nil, nil) == SQLITE_OK else {
            throw ChildProcess.Failure(description: "\(sql): \(String(cString: sqlite3_errmsg(db)))")
        }
    }

    private func strings(_ db: OpaquePointer, _ sql: String) throws -> [String] {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(db, sql, -1, &statement, nil) == SQLITE_OK, let statement else {
            throw ChildProcess.Failure(description: "\(sql): \(String(cString: sqlite3_errmsg(db)))")
        }
        defer { sqlite3_finalize(statement) }
        var rows: [String] = []
        while sqlite3_step(statement) == SQLITE_ROW {
            rows.append(sqlite3_column_text(statement, 0).map { String(cString: $0) } ?? "")
        }
        return rows
    }
}
