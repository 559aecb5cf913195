import CSQLite
import Foundation

/// A read-only look into a SQLite file another process writes (the server's app database,
/// a client's store), through the SQLite C API: every value comes back as text.
final class SQLiteReader {
    private var handle: OpaquePointer?
    let path: String

    /// Opens `path` read-only (WAL readers see the last commit; a busy writer is waited for).
    init(_ path: String) throws {
        self.path = path
        guard sqlite3_open_v2(path, &handle, SQLITE_OPEN_READONLY, nil) == SQLITE_OK else {
            let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            sqlite3_close(handle)
            throw ServerFailure(description: "cannot open \(path) read-only: \(message)")
        }
        sqlite3_busy_timeout(handle, 10_000)
    }

    deinit { sqlite3_close(handle) }

    /// The rows `sql` returns, each column as text (`NULL` as an empty string).
    func rows(_ sql: String) throws -> [[String]] {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK else {
            throw ServerFailure(description: "\(path): cannot prepare \(sql): \(String(cString: sqlite3_errmsg(handle)))")
        }
        defer { sqlite3_finalize(statement) }
        var rows: [[String]] = []
        while true {
            let step = sqlite3_step(statement)
            if step == SQLITE_DONE { break }
            guard step == SQLITE_ROW else {
                throw ServerFailure(description: "\(path): \(sql) failed: \(String(cString: sqlite3_errmsg(handle)))")
            }
            rows.append(
                (0..<sqlite3_column_count(statement)).map { column in
                    sqlite3_column_text(statement, column).map { String(cString: $0) } ?? ""
                })
        }
        return rows
    }

    /// The first column of `sql`'s rows.
    func column(_ sql: String) throws -> [String] {
        try rows(sql).map { $0.first ?? "" }
    }

    /// The one integer `sql` returns.
    func integer(_ sql: String) throws -> Int {
        guard let text = try rows(sql).first?.first, let value = Int(text) else {
            throw ServerFailure(description: "\(path): \(sql) returned no integer")
        }
        return value
    }

    /// `PRAGMA integrity_check`'s lines: `["ok"]` for a sound file.
    func integrityCheck() throws -> [String] {
        try column("PRAGMA integrity_check")
    }
}
