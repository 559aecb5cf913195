import CSQLite
import StrataStore

/// A prepared statement owned by a ``SQLiteConnection``: bind values, step, read columns.
final class SQLiteStatement {
    private let handle: OpaquePointer
    private unowned let connection: SQLiteConnection

    init(handle: OpaquePointer, connection: SQLiteConnection) {
        self.handle = handle
        self.connection = connection
    }

    deinit { sqlite3_finalize(handle) }

    /// Clears the previous run and its bindings.
    func reset() {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
    }

    /// Makes the statement runnable again, keeping its bindings (all are re-bound per row).
    func rewind() {
        sqlite3_reset(handle)
    }

    /// Binds `value` to parameter `index` (from 1).
    func bind(_ value: FieldValue, at index: Int32) {
        switch value {
        case .null:
            sqlite3_bind_null(handle, index)
        case .integer(let number):
            sqlite3_bind_int64(handle, index, number)
        case .real(let number):
            sqlite3_bind_double(handle, index, number)
        case .text(let text):
            bind(text, at: index)
        case .blob(let bytes):
            bytes.withUnsafeBytes { buffer in
                _ = sqlite3_bind_blob64(
                    handle, index, buffer.baseAddress ?? UnsafeRawPointer(bitPattern: 1), UInt64(buffer.count),
                    strata_sqlite_transient())
            }
        }
    }

    /// Binds text without an intermediate C string (SQLite copies the bytes).
    func bind(_ text: String, at index: Int32) {
        var text = text
        text.withUTF8 { buffer in
            if let base = buffer.baseAddress {
                base.withMemoryRebound(to: CChar.self, capacity: buffer.count) { chars in
                    _ = sqlite3_bind_text(handle, index, chars, Int32(buffer.count), strata_sqlite_transient())
                }
            } else {
                _ = sqlite3_bind_text(handle, index, "", 0, strata_sqlite_transient())
            }
        }
    }

    /// Binds several values to parameters 1, 2, ….
    func bind(_ values: [FieldValue]) {
        for (offset, value) in values.enumerated() { bind(value, at: Int32(offset + 1)) }
    }

    /// Runs one step: `true` when a row is ready to read, `false` when done.
    ///
    /// - Throws: the mapped `DataError`; a unique-constraint failure becomes `duplicate`.
    @discardableResult
    func step() throws -> Bool {
        let code = sqlite3_step(handle)
        switch code {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default:
            let sql = String(cString: sqlite3_sql(handle))
            sqlite3_reset(handle)
            throw connection.error(code, doing: sql)
        }
    }

    /// The extended result code of the last failed step, for constraint handling.
    func run() throws -> Int32 {
        let code = sqlite3_step(handle)
        if code != SQLITE_ROW && code != SQLITE_DONE { sqlite3_reset(handle) }
        return code
    }

    /// The SQL this statement runs.
    var sql: String { String(cString: sqlite3_sql(handle)) }

    /// Column `index` (from 0) of the current row.
    func value(at index: Int32) -> FieldValue {
        switch sqlite3_column_type(handle, index) {
        case SQLITE_INTEGER:
            return .integer(sqlite3_column_int64(handle, index))
        case SQLITE_FLOAT:
            return .real(sqlite3_column_double(handle, index))
        case SQLITE_TEXT:
            return .text(text(at: index))
        case SQLITE_BLOB:
            let count = Int(sqlite3_column_bytes(handle, index))
            guard count > 0, let base = sqlite3_column_blob(handle, index) else { return .blob([]) }
            return .blob(Array(UnsafeRawBufferPointer(start: base, count: count)))
        default:
            return .null
        }
    }

    /// Column `index` as text.
    func text(at index: Int32) -> String {
        guard let base = sqlite3_column_text(handle, index) else { return "" }
        let count = Int(sqlite3_column_bytes(handle, index))
        return String(decoding: UnsafeBufferPointer(start: base, count: count), as: UTF8.self)
    }

    /// Column `index` as an integer.
    func int64(at index: Int32) -> Int64 { sqlite3_column_int64(handle, index) }
}
