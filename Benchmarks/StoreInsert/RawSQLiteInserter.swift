import CSQLite
import Foundation

/// The baseline: the same rows inserted through the SQLite C API with one prepared statement
/// in one transaction, into a table made with the very DDL the store made (copied from its file), in its own file beside the store.
struct RawSQLiteInserter {
    let path: String
    let tableSQL: [String]

    /// Inserts `records` (with precomputed ids) and returns the seconds the transaction took.
    func insert(_ records: [BenchRecord], ids: [String]) throws -> Double {
        var db: OpaquePointer?
        guard sqlite3_open(path, &db) == SQLITE_OK, let db else { throw BenchError("cannot open \(path)") }
        defer { sqlite3_close(db) }
        for sql in ["PRAGMA journal_mode = WAL", "PRAGMA synchronous = NORMAL", "PRAGMA secure_delete = ON"] + tableSQL {
            guard sqlite3_exec(db, sql, nil, nil, nil) == SQLITE_OK else {
                throw BenchError(String(cString: sqlite3_errmsg(db)))
            }
        }
        let insert = """
            INSERT INTO "BenchRecord" ("objectId", "patientName", "age", "gender", "isFollow", "memo", "createdAt",
                "_storedAt", "_scope", "_ownerUser", "_ownerGroup")
            VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)
            """
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(db, insert, -1, &statement, nil) == SQLITE_OK, let statement else {
            throw BenchError(String(cString: sqlite3_errmsg(db)))
        }
        defer { sqlite3_finalize(statement) }
        let start = DispatchTime.now().uptimeNanoseconds
        let storedAt = Date().timeIntervalSince1970
        sqlite3_exec(db, "BEGIN IMMEDIATE", nil, nil, nil)
        for (record, id) in zip(records, ids) {
            bindText(statement, 1, id)
            bindText(statement, 2, record.patientName)
            sqlite3_bind_int64(statement, 3, Int64(record.age))
            sqlite3_bind_int64(statement, 4, Int64(record.gender))
            sqlite3_bind_int64(statement, 5, record.isFollow ? 1 : 0)
            bindText(statement, 6, record.memo)
            sqlite3_bind_double(statement, 7, record.createdAt.timeIntervalSince1970)
            // The same row the store writes: when it was stored, its scope, no owner signed in.
            sqlite3_bind_double(statement, 8, storedAt)
            sqlite3_bind_int64(statement, 9, 2)
            sqlite3_bind_null(statement, 10)
            sqlite3_bind_null(statement, 11)
            guard sqlite3_step(statement) == SQLITE_DONE else { throw BenchError(String(cString: sqlite3_errmsg(db))) }
            sqlite3_reset(statement)
        }
        guard sqlite3_exec(db, "COMMIT", nil, nil, nil) == SQLITE_OK else {
            throw BenchError(String(cString: sqlite3_errmsg(db)))
        }
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
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
