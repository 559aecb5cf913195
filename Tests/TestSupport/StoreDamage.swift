import CSQLite
import Foundation

/// Damages a closed store on purpose: one page of a table's b-tree overwritten with random
/// bytes, the way a bad disk sector or a stray write would.
public enum StoreDamage {
    /// Which page of the table to hit.
    public enum Target {
        /// The table's root page: every read and write of the table passes through it.
        case root
        /// The `index`-th leaf (in page order) of a table spanning several pages.
        case leaf(Int)
    }

    /// Checkpoints the WAL into the file (so the page on disk is the one SQLite reads), then
    /// overwrites the chosen page of `table` with seeded random bytes whose first byte is no
    /// valid page type. Returns the page number.
    @discardableResult
    public static func damage(_ path: String, table: String, _ target: Target, seed: UInt64 = 9) throws -> Int {
        var db: OpaquePointer?
        guard sqlite3_open_v2(path, &db, SQLITE_OPEN_READWRITE, nil) == SQLITE_OK else { throw Failure("cannot open \(path)") }
        defer { sqlite3_close(db) }
        func integer(_ sql: String) throws -> Int {
            var statement: OpaquePointer?
            guard sqlite3_prepare_v2(db, sql, -1, &statement, nil) == SQLITE_OK else {
                throw Failure("\(sql): \(String(cString: sqlite3_errmsg(db)))")
            }
            defer { sqlite3_finalize(statement) }
            guard sqlite3_step(statement) == SQLITE_ROW else { throw Failure("\(sql): no row") }
            return Int(sqlite3_column_int64(statement, 0))
        }
        _ = try integer("PRAGMA wal_checkpoint(TRUNCATE)")
        let pageSize = try integer("PRAGMA page_size")
        let page: Int
        switch target {
        case .root:
            page = try integer("SELECT rootpage FROM sqlite_schema WHERE type = 'table' AND name = '\(table)'")
        case .leaf(let index):
            page = try integer(
                "SELECT pageno FROM dbstat WHERE name = '\(table)' AND pagetype = 'leaf' ORDER BY pageno LIMIT 1 OFFSET \(index)")
        }
        var generator = SeededGenerator(seed: seed)
        var bytes = (0..<pageSize).map { _ in UInt8.random(in: 0...255, using: &generator) }
        bytes[0] = 0x77  // not 2, 5, 10 or 13: SQLite cannot mistake the page for a b-tree page
        let handle = try FileHandle(forUpdating: URL(fileURLWithPath: path))
        defer { try? handle.close() }
        try handle.seek(toOffset: UInt64((page - 1) * pageSize))
        try handle.write(contentsOf: Data(bytes))
        try handle.synchronize()
        return page
    }

    /// Damaging the file failed (it could not be opened, read or written).
    public struct Failure: Error, CustomStringConvertible {
        /// What went wrong.
        public var description: String
        /// A failure saying `description`.
        public init(_ description: String) { self.description = description }
    }

    /// SplitMix64: the same "random" page every run.
    struct SeededGenerator: RandomNumberGenerator {
        var state: UInt64
        init(seed: UInt64) { state = seed }
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }
}
