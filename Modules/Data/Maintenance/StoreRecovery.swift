#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import Logging
import StrataCrossCutting

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif
import StrataMaintenance
import StrataStore

/// `strata-host store recover`: every row SQLite can still read goes into a new store, which
/// takes the damaged one's place; the damaged file is renamed beside it, never deleted.
///
/// Rows are read table by table in rowid order, straight from the table (never through an
/// index). When a page cannot be read, the reader jumps ahead — doubling the distance, then
/// narrowing it down — to the first rowid it can reach again, so one bad page costs only the
/// rows on it.
struct StoreRecovery {
    let container: ContainerDirectory
    let logger: Logger

    func run() throws -> StoreRecoveryReport {
        let storePath = container.storeURL.path
        let marker = DamageMarker(storeURL: container.storeURL)
        // While the copy runs, new openers refuse the store (it is damaged, or being replaced);
        // a recovery that stops before replacing it leaves the mark as it found it.
        let wasMarked = marker.reason() != nil
        marker.record("being recovered by strata-host store recover")
        var replaced = false
        defer { if !replaced && !wasMarked { marker.clear() } }
        let stamp = Self.timestamp()
        let newPath = "\(storePath).recovering-\(stamp)"
        // The damaged file's connection is closed (without a checkpoint) before it is renamed.
        let (tables, schemaProblems) = try copyReadable(from: storePath, into: newPath)
        let kept = try keepDamaged(storePath, stamp: stamp)
        guard rename(newPath, storePath) == 0 else {
            throw DataError(
                .cannotOpen,
                "cannot move the recovered store \(newPath) to \(storePath): \(String(cString: strerror(errno))); "
                    + "the damaged file is kept as \(kept)")
        }
        replaced = true
        marker.clear()
        logger.info("recovered the store", metadata: ["path": "\(storePath)", "kept": "\(kept)"])
        return StoreRecoveryReport(storePath: storePath, keptDamagedFile: kept, tables: tables, schemaProblems: schemaProblems)
    }

    /// Builds the new store at `newPath` from what `storePath` still holds.
    private func copyReadable(
        from storePath: String, into newPath: String
    ) throws -> (tables: [StoreRecoveryReport.Table], schemaProblems: [String]) {
        let source = try SQLiteConnection(path: storePath, access: .readWrite)
        try source.neverWrite()
        source.trackDamage(marker: nil)
        let header = try readHeader(source)
        let schema = try readSchema(source)

        guard !FileManager.default.fileExists(atPath: newPath) else {
            throw DataError(.cannotOpen, "\(newPath) is in the way of the recovered store; move it and try again")
        }
        var tables: [StoreRecoveryReport.Table] = []
        var schemaProblems: [String] = []
        do {
            let target = try SQLiteConnection(path: newPath, access: .readWrite)
            guard chmod(newPath, 0o600) == 0 else {
                throw DataError(.cannotOpen, "cannot make \(newPath) owner-only: \(String(cString: strerror(errno)))")
            }
            try target.writeTransaction {
                try target.execute("PRAGMA application_id = \(header.application)")
                try target.execute("PRAGMA user_version = \(header.version)")
                for object in schema where object.type == "table" && !object.name.hasPrefix("sqlite_") {
                    try target.execute(object.sql)
                }
                for object in schema where object.type == "table" && !object.name.hasPrefix("sqlite_") {
                    tables.append(try copy(object.name, from: source, to: target))
                }
                if schema.contains(where: { $0.name == "sqlite_sequence" }) { try copySequences(from: source, to: target) }
                for object in schema where object.type != "table" {
                    do {
                        try target.execute(object.sql)
                    } catch let error as DataError {
                        schemaProblems.append("\(object.type) \(object.name): \(error.message)")
                    }
                }
                // The rows came without their triggers and the copied counts are the damaged
                // file's: each kept count is set from what was recovered.
                try StoreCounts.refill(target)
            }
        } catch {
            throw DataError(
                .cannotOpen,
                "recovery stopped while writing \(newPath): \(error); the damaged store \(storePath) was left as it was")
        }
        return (tables, schemaProblems)
    }

    /// The store's application id and format, from its first page.
    private func readHeader(_ source: SQLiteConnection) throws -> (application: Int64, version: Int64) {
        do {
            try StoreFormat.check(source)
            return (try source.integer("PRAGMA application_id"), try source.integer("PRAGMA user_version"))
        } catch let error as DataError where error.code != .incompatibleStore {
            throw unreadable(source.path, "its header", error)
        }
    }

    /// One schema object: a table, index, view or trigger and the SQL that made it.
    struct SchemaObject {
        var type: String
        var name: String
        var sql: String
    }

    /// Every schema object that has SQL (automatic indexes come with their tables), in order.
    private func readSchema(_ source: SQLiteConnection) throws -> [SchemaObject] {
        do {
            return try source.withStatement("SELECT type, name, sql FROM sqlite_schema WHERE sql IS NOT NULL ORDER BY rowid") {
                statement in
                var objects: [SchemaObject] = []
                while try statement.step() {
                    objects.append(SchemaObject(type: statement.text(at: 0), name: statement.text(at: 1), sql: statement.text(at: 2)))
                }
                return objects
            }
        } catch let error as DataError {
            throw unreadable(source.path, "its table list", error)
        }
    }

    private func unreadable(_ path: String, _ what: String, _ error: DataError) -> DataError {
        DataError(
            .damaged,
            "\(what) of \(path) cannot be read (\(error.message)), so nothing can be recovered from it; the file was "
                + "left as it was: restore a backup (`strata-host store backup FILE` makes them)")
    }

    /// Copies what can be read of `table`.
    private func copy(_ table: String, from source: SQLiteConnection, to target: SQLiteConnection) throws -> StoreRecoveryReport.Table {
        let quoted = TableDefinition.quote(table)
        let columns = try source.withStatement("SELECT name FROM pragma_table_info(?1)") { statement in
            statement.bind(table, at: 1)
            var names: [String] = []
            while try statement.step() { names.append(statement.text(at: 0)) }
            return names
        }
        let expected = (try? source.integer("SELECT count(*) FROM \(quoted)")).map { Int($0) }
        guard !columns.isEmpty else { return .init(name: table, recovered: 0, expected: expected, metDamage: true) }
        let list = columns.map(TableDefinition.quote).joined(separator: ", ")
        let select = "SELECT rowid, \(list) FROM \(quoted) NOT INDEXED WHERE rowid >= ?1 ORDER BY rowid"
        let insert = "INSERT OR IGNORE INTO \(quoted) (\(list)) VALUES (\((1...columns.count).map { "?\($0)" }.joined(separator: ", ")))"
        var recovered = 0
        var metDamage = false
        var next: Int64? = Int64.min
        while let start = next {
            let reached = try copyRows(select, insert, from: start, columns: columns.count, source: source, target: target)
            recovered += reached.copied
            guard let failedAfter = reached.failedAfter else { break }
            metDamage = true
            next = firstReadable(select, after: failedAfter, source: source)
        }
        return .init(name: table, recovered: recovered, expected: expected, metDamage: metDamage)
    }

    /// Copies rows from rowid `start` on until the end (`failedAfter` nil) or an unreadable
    /// page (`failedAfter`: the last rowid read, or `start - 1`).
    private func copyRows(
        _ select: String, _ insert: String, from start: Int64, columns: Int, source: SQLiteConnection, target: SQLiteConnection
    ) throws -> (copied: Int, failedAfter: Int64?) {
        var copied = 0
        var last = start == Int64.min ? Int64.min : start - 1
        let statement = try source.statement(select)
        defer { statement.reset() }
        statement.bind(.integer(start), at: 1)
        while true {
            do {
                guard try statement.step() else { return (copied, nil) }
            } catch let error as DataError where error.code == .damaged {
                return (copied, last)
            }
            last = statement.int64(at: 0)
            let values = (1...Int32(columns)).map { statement.value(at: $0) }
            try target.withStatement(insert) { row in
                row.bind(values)
                try row.step()
            }
            if target.changes > 0 { copied += 1 }
        }
    }

    /// The smallest rowid after `last` from which the table can be read again, or `nil`.
    private func firstReadable(_ select: String, after last: Int64, source: SQLiteConnection) -> Int64? {
        func readable(_ start: Int64) -> Bool {
            do {
                return try source.withStatement(select) { statement in
                    statement.bind(.integer(start), at: 1)
                    _ = try statement.step()
                    return true
                }
            } catch {
                return false
            }
        }
        var gap: Int64 = 1
        var failing = last
        while gap < Int64.max / 4 {
            let (candidate, overflow) = last.addingReportingOverflow(gap)
            if overflow { return nil }
            if readable(candidate) {
                // Narrow down between the last failing start and this one.
                var low = failing
                var high = candidate
                while high - low > 1 {
                    let middle = low + (high - low) / 2
                    if readable(middle) { high = middle } else { low = middle }
                }
                return high
            }
            failing = candidate
            gap *= 2
        }
        return nil
    }

    /// Renames the damaged store and its `-wal` and `-shm` to `<store>.damaged-<stamp>…`.
    private func keepDamaged(_ storePath: String, stamp: String) throws -> String {
        var kept = "\(storePath).damaged-\(stamp)"
        var attempt = 1
        while FileManager.default.fileExists(atPath: kept) {
            attempt += 1
            kept = "\(storePath).damaged-\(stamp)-\(attempt)"
        }
        guard rename(storePath, kept) == 0 else {
            throw DataError(.cannotOpen, "cannot rename the damaged store \(storePath) to \(kept): \(String(cString: strerror(errno)))")
        }
        for suffix in ["-wal", "-shm"] where FileManager.default.fileExists(atPath: storePath + suffix) {
            _ = rename(storePath + suffix, kept + suffix)
        }
        return kept
    }

    /// The current UTC time as `yyyyMMdd'T'HHmmss'Z'`, for file names.
    static func timestamp() -> String {
        var now = time(nil)
        var parts = tm()
        gmtime_r(&now, &parts)
        let day = [(Int(parts.tm_year) + 1900, 4), (Int(parts.tm_mon) + 1, 2), (Int(parts.tm_mday), 2)]
        let time = [(Int(parts.tm_hour), 2), (Int(parts.tm_min), 2), (Int(parts.tm_sec), 2)]
        let text = { (fields: [(Int, Int)]) in fields.map { DayText.zeroPadded($0.0, $0.1) }.joined() }
        return text(day) + "T" + text(time) + "Z"
    }

    /// Carries the AUTOINCREMENT counters over (never lower than what the copied rows set), so
    /// a sequence number once used is not handed out again.
    private func copySequences(from source: SQLiteConnection, to target: SQLiteConnection) throws {
        let counters = (try? source.withStatement("SELECT name, seq FROM sqlite_sequence") { statement -> [(String, Int64)] in
            var rows: [(String, Int64)] = []
            while try statement.step() { rows.append((statement.text(at: 0), statement.int64(at: 1))) }
            return rows
        }) ?? []
        for (name, value) in counters {
            try target.withStatement("UPDATE sqlite_sequence SET seq = max(seq, ?2) WHERE name = ?1") { statement in
                statement.bind(name, at: 1)
                statement.bind(.integer(value), at: 2)
                try statement.step()
            }
            if target.changes == 0 {
                try target.withStatement("INSERT INTO sqlite_sequence (name, seq) VALUES (?1, ?2)") { statement in
                    statement.bind(name, at: 1)
                    statement.bind(.integer(value), at: 2)
                    try statement.step()
                }
            }
        }
    }
}
