import CSQLite
import Foundation
import StrataStore

/// The baseline of the store benchmarks: the same work on a store's file through the SQLite C
/// API, with the store's pragmas (WAL, synchronous NORMAL, secure_delete), prepared statements
/// kept, and the same Swift values built from the rows (``CaseRowRecord``).
///
/// Not `Sendable`: one benchmark drives it from one task.
public final class RawSQLite {
    private let db: OpaquePointer
    private var statements: [String: OpaquePointer] = [:]

    /// Opens (or creates) the file at `path` with the store's pragmas.
    ///
    /// - Throws: ``BenchError`` naming the file when SQLite cannot open it.
    public init(path: String) throws {
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

    /// Runs `sql` (no result rows).
    public func exec(_ sql: String) throws {
        guard sqlite3_exec(db, sql, nil, nil, nil) == SQLITE_OK else { throw BenchError("\(sql): \(message)") }
    }

    /// Inserts `rows` with `ids` into `table` in one transaction, as the store's rows (stored
    /// now, scope local, no owner signed in).
    public func insert(_ rows: [CaseRow], ids: [String], into table: String) throws {
        let statement = try prepared(
            """
            INSERT INTO "\(table)" ("objectId", "patientName", "age", "gender", "isFollow", "memo", "createdAt",
                "_storedAt", "_scope", "_ownerUser", "_ownerGroup")
            VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)
            """)
        try exec("BEGIN IMMEDIATE")
        let storedAt = Date().timeIntervalSince1970
        for (row, id) in zip(rows, ids) {
            bindText(statement, 1, id)
            bindText(statement, 2, row.patientName)
            sqlite3_bind_int64(statement, 3, Int64(row.age))
            sqlite3_bind_int64(statement, 4, Int64(row.gender))
            sqlite3_bind_int64(statement, 5, row.isFollow ? 1 : 0)
            bindText(statement, 6, row.memo)
            sqlite3_bind_double(statement, 7, row.createdAt.timeIntervalSince1970)
            sqlite3_bind_double(statement, 8, storedAt)
            sqlite3_bind_int64(statement, 9, 2)
            sqlite3_bind_null(statement, 10)
            sqlite3_bind_null(statement, 11)
            guard sqlite3_step(statement) == SQLITE_DONE else {
                let failure = BenchError("insert into \(table): \(message)")
                sqlite3_reset(statement)
                try? exec("ROLLBACK")
                throw failure
            }
            sqlite3_reset(statement)
        }
        try exec("COMMIT")
    }

    /// The row with `id` of `table`, read into a `Record` (nil when there is none).
    public func fetch<Record: CaseRowRecord>(_ type: Record.Type, id: String, from table: String) throws -> Record? {
        let statement = try prepared(#"SELECT \#(Self.selected) FROM "\#(table)" WHERE "objectId" = ?1"#)
        defer { sqlite3_reset(statement) }
        bindText(statement, 1, id)
        guard sqlite3_step(statement) == SQLITE_ROW else { return nil }
        return read(statement)
    }

    /// Sets `memo` on the row with `id` of `table` in a transaction of its own.
    public func updateMemo(table: String, id: String, memo: String) throws {
        let statement = try prepared(#"UPDATE "\#(table)" SET "memo" = ?2 WHERE "objectId" = ?1"#)
        defer { sqlite3_reset(statement) }
        bindText(statement, 1, id)
        bindText(statement, 2, memo)
        guard sqlite3_step(statement) == SQLITE_DONE, sqlite3_changes(db) == 1 else { throw BenchError("update: \(message)") }
    }

    /// Deletes the row with `id` of `table` in a transaction of its own; returns how many rows went.
    public func delete(id: String, from table: String) throws -> Int {
        let statement = try prepared(#"DELETE FROM "\#(table)" WHERE "objectId" = ?1"#)
        defer { sqlite3_reset(statement) }
        bindText(statement, 1, id)
        guard sqlite3_step(statement) == SQLITE_DONE else { throw BenchError("delete: \(message)") }
        return Int(sqlite3_changes(db))
    }

    /// where age = ?, newest first (ties by id), one page of `table`: the store's page query.
    public func page<Record: CaseRowRecord>(
        _ type: Record.Type, age: Int, size: Int, index: Int, from table: String
    ) throws -> [Record] {
        let statement = try prepared(
            """
            SELECT \(Self.selected) FROM "\(table)"
            WHERE "age" = ?1 ORDER BY "createdAt" DESC, "objectId" ASC LIMIT ?2 OFFSET ?3
            """)
        defer { sqlite3_reset(statement) }
        sqlite3_bind_int64(statement, 1, Int64(age))
        sqlite3_bind_int64(statement, 2, Int64(size))
        sqlite3_bind_int64(statement, 3, Int64((index - 1) * size))
        var records: [Record] = []
        while sqlite3_step(statement) == SQLITE_ROW { records.append(read(statement)) }
        return records
    }

    /// The first column of each row of `sql`, as text.
    public func strings(_ sql: String) throws -> [String] {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(db, sql, -1, &statement, nil) == SQLITE_OK, let statement else { throw BenchError("\(sql): \(message)") }
        defer { sqlite3_finalize(statement) }
        var rows: [String] = []
        while sqlite3_step(statement) == SQLITE_ROW { rows.append(sqlite3_column_text(statement, 0).map { String(cString: $0) } ?? "") }
        return rows
    }

    /// The id and the six columns, as the reads select them.
    private static let selected = (["objectId"] + CaseRow.columns).map { "\"\($0)\"" }.joined(separator: ", ")

    private var message: String { String(cString: sqlite3_errmsg(db)) }

    private func prepared(_ sql: String) throws -> OpaquePointer {
        if let statement = statements[sql] { return statement }
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(db, sql, -1, &statement, nil) == SQLITE_OK, let statement else { throw BenchError("\(sql): \(message)") }
        statements[sql] = statement
        return statement
    }

    private func read<Record: CaseRowRecord>(_ statement: OpaquePointer) -> Record {
        var record = Record()
        record.objectId = String(cString: sqlite3_column_text(statement, 0))
        record.row.patientName = String(cString: sqlite3_column_text(statement, 1))
        record.row.age = Int(sqlite3_column_int64(statement, 2))
        record.row.gender = Int(sqlite3_column_int64(statement, 3))
        record.row.isFollow = sqlite3_column_int64(statement, 4) != 0
        record.row.memo = String(cString: sqlite3_column_text(statement, 5))
        record.row.createdAt = Date(timeIntervalSince1970: sqlite3_column_double(statement, 6))
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
