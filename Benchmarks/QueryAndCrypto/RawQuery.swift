import CSQLite
import Foundation
import StrataBenchSupport

/// The baseline query: the same SQL shape the store runs (where age = ? and fresh rows,
/// newest first, one page), prepared once, bound and stepped through the C API, building the
/// same Swift values.
struct RawQuery {
    let path: String

    /// Runs the page query `repeats` times; returns the seconds of each run.
    func run(age: Int, pageSize: Int, page: Int, repeats: Int) throws -> [Double] {
        var db: OpaquePointer?
        guard sqlite3_open_v2(path, &db, SQLITE_OPEN_READONLY, nil) == SQLITE_OK, let db else {
            throw BenchError("cannot open \(path)")
        }
        defer { sqlite3_close(db) }
        let sql = """
            SELECT "objectId", "patientName", "age", "memo", "createdAt" FROM "QueryRecord"
            WHERE "age" = ?1 ORDER BY "createdAt" DESC, "objectId" ASC LIMIT ?2 OFFSET ?3
            """
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(db, sql, -1, &statement, nil) == SQLITE_OK, let statement else {
            throw BenchError(String(cString: sqlite3_errmsg(db)))
        }
        defer { sqlite3_finalize(statement) }
        var times: [Double] = []
        for _ in 0..<repeats {
            let start = DispatchTime.now().uptimeNanoseconds
            sqlite3_bind_int64(statement, 1, Int64(age))
            sqlite3_bind_int64(statement, 2, Int64(pageSize))
            sqlite3_bind_int64(statement, 3, Int64((page - 1) * pageSize))
            var records: [QueryRecord] = []
            while sqlite3_step(statement) == SQLITE_ROW {
                var record = QueryRecord()
                record.objectId = String(cString: sqlite3_column_text(statement, 0))
                record.patientName = String(cString: sqlite3_column_text(statement, 1))
                record.age = Int(sqlite3_column_int64(statement, 2))
                record.memo = String(cString: sqlite3_column_text(statement, 3))
                record.createdAt = Date(timeIntervalSince1970: sqlite3_column_double(statement, 4))
                records.append(record)
            }
            sqlite3_reset(statement)
            guard records.count == pageSize else { throw BenchError("raw page had \(records.count) rows") }
            times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
        return times
    }
}
