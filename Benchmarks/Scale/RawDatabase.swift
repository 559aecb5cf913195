import CSQLite
import Foundation

/// The baseline: the same work on the same file through the SQLite C API, with the store's
/// pragmas (WAL, synchronous NORMAL, secure_delete), prepared statements kept, and the same
/// Swift values built from the rows.
final class RawDatabase {
    private let db: OpaquePointer
    private var statements: [String: OpaquePointer] = [:]

    init(path: String) throws {
        var db: OpaquePointer?
        guard sqlite3_open(path, &db) == SQLITE_OK, let db else { throw BenchError("cannot open \(path)") }
        self.db = db
        sqlite3_busy_timeout(db, 5_000)
        for sql in ["PRAGMA journal_mode = WAL", "PRAGMA synchronous = NORMAL", "PRAGMA secure_delete = ON"] { try exec(sql) }
    }

    deinit {
        for statement in statements.values { sqlite3_finalize(statement) }
        sqlite3_close(db)
    }

    func exec(_ sql: String) throws {
        guard sqlite3_exec(db, sql, nil, nil, nil) == SQLITE_OK else { throw BenchError("\(sql): \(message)") }
    }

    /// Inserts `records` with `ids` in one transaction, as the store's rows (stored now, scope
    /// local, no owner).
    func insert(_ records: [ScaleRecord], ids: [String]) throws {
        try exec("BEGIN IMMEDIATE")
        let statement = try prepared(
            """
            INSERT INTO "ScaleRecord" ("objectId", "patientName", "age", "gender", "isFollow", "memo", "createdAt",
                "_storedAt", "_scope", "_ownerUser", "_ownerGroup")
            VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)
            """)
        let storedAt = Date().timeIntervalSince1970
        for (record, id) in zip(records, ids) {
            bindText(statement, 1, id)
            bindText(statement, 2, record.patientName)
            sqlite3_bind_int64(statement, 3, Int64(record.age))
            sqlite3_bind_int64(statement, 4, Int64(record.gender))
            sqlite3_bind_int64(statement, 5, record.isFollow ? 1 : 0)
            bindText(statement, 6, record.memo)
            sqlite3_bind_double(statement, 7, record.createdAt.timeIntervalSince1970)
            sqlite3_bind_double(statement, 8, storedAt)
            sqlite3_bind_int64(statement, 9, 2)
            sqlite3_bind_null(statement, 10)
            sqlite3_bind_null(statement, 11)
            guard sqlite3_step(statement) == SQLITE_DONE else { throw BenchError("insert: \(message)") }
            sqlite3_reset(statement)
        }
        try exec("COMMIT")
    }

    /// The row with `id`, read into a record (nil when there is none).
    func fetch(id: String) throws -> ScaleRecord? {
        let statement = try prepared(
            #"SELECT "objectId", "patientName", "age", "gender", "isFollow", "memo", "createdAt" FROM "ScaleRecord" WHERE "objectId" = ?1"#)
        defer { sqlite3_reset(statement) }
        bindText(statement, 1, id)
        guard sqlite3_step(statement) == SQLITE_ROW else { return nil }
        return read(statement)
    }

    /// Sets `memo` on the row with `id` of `table` in a transaction of its own.
    func updateMemo(table: String, id: String, memo: String) throws {
        let statement = try prepared(#"UPDATE "\#(table)" SET "memo" = ?2 WHERE "objectId" = ?1"#)
        defer { sqlite3_reset(statement) }
        bindText(statement, 1, id)
        bindText(statement, 2, memo)
        guard sqlite3_step(statement) == SQLITE_DONE, sqlite3_changes(db) == 1 else { throw BenchError("update: \(message)") }
    }

    /// Deletes the row with `id` in a transaction of its own; returns how many rows went.
    func delete(id: String) throws -> Int {
        let statement = try prepared(#"DELETE FROM "ScaleRecord" WHERE "objectId" = ?1"#)
        defer { sqlite3_reset(statement) }
        bindText(statement, 1, id)
        guard sqlite3_step(statement) == SQLITE_DONE else { throw BenchError("delete: \(message)") }
        return Int(sqlite3_changes(db))
    }

    /// where age = ?, newest first (ties by id), one page: the store's page query.
    func page(age: Int, size: Int, index: Int) throws -> [ScaleRecord] {
        let statement = try prepared(
            """
            SELECT "objectId", "patientName", "age", "gender", "isFollow", "memo", "createdAt" FROM "ScaleRecord"
            WHERE "age" = ?1 ORDER BY "createdAt" DESC, "objectId" ASC LIMIT ?2 OFFSET ?3
            """)
        defer { sqlite3_reset(statement) }
        sqlite3_bind_int64(statement, 1, Int64(age))
        sqlite3_bind_int64(statement, 2, Int64(size))
        sqlite3_bind_int64(statement, 3, Int64((index - 1) * size))
        var records: [ScaleRecord] = []
        while sqlite3_step(statement) == SQLITE_ROW { records.append(read(statement)) }
        return records
    }

    /// The first column of each row of `sql`, as text.
    func strings(_ sql: String) throws -> [String] {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(db, sql, -1, &statement, nil) == SQLITE_OK, let statement else { throw BenchError("\(sql): \(message)") }
        defer { sqlite3_finalize(statement) }
        var rows: [String] = []
        while sqlite3_step(statement) == SQLITE_ROW { rows.append(sqlite3_column_text(statement, 0).map { String(cString: $0) } ?? "") }
        return rows
    }

    private var message: String { String(cString: sqlite3_errmsg(db)) }

    private func prepared(_ sql: String) throws -> OpaquePointer {
        if let statement = statements[sql] { return statement }
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(db, sql, -1, &statement, nil) == SQLITE_OK, let statement else { throw BenchError("\(sql): \(message)") }
        statements[sql] = statement
        return statement
    }

    private func read(_ statement: OpaquePointer) -> ScaleRecord {
        var record = ScaleRecord()
        record.objectId = String(cString: sqlite3_column_text(statement, 0))
        record.patientName = String(cString: sqlite3_column_text(statement, 1))
        record.age = Int(sqlite3_column_int64(statement, 2))
        record.gender = Int(sqlite3_column_int64(statement, 3))
        record.isFollow = sqlite3_column_int64(statement, 4) != 0
        record.memo = String(cString: sqlite3_column_text(statement, 5))
        record.createdAt = Date(timeIntervalSince1970: sqlite3_column_double(statement, 6))
        return record
    }

    private func bindText(_ statement: OpaquePointer, _ index: Int32, _ text: String) {
        var text = text
        text.withUTF8 { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                _ = sqlite3_bind_text(statement, index, chars.baseAddress, Int32(chars.count), strata_sqlite_transient())
            }
        }
    }
}

/// A benchmark failure, printed as one line.
struct BenchError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
