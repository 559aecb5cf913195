import CSQLite
import StrataCrossCutting
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif
import StrataStore

extension SQLiteConnection {
    /// Copies this connection's database into the (existing, empty or replaceable) SQLite file
    /// at `destinationPath` with the online backup API, in one step: SQLite reads one
    /// consistent snapshot while other processes go on writing. Returns the pages copied.
    ///
    /// The destination runs without a rollback journal, so nothing but that file is written.
    ///
    /// It may wait (for a writer that holds the source busy), so it runs only on a
    /// ``BlockingLane``'s thread: `SQLiteStoreMaintenance` calls it on its maintenance queue,
    /// never on the caller's thread. A debug build stops when it is called from any other.
    func backup(into destinationPath: String) throws -> Int {
        BlockingLane.assertCurrent("a store backup")
        var opened: OpaquePointer?
        guard sqlite3_open_v2(destinationPath, &opened, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX, nil) == SQLITE_OK,
            let destination = opened
        else {
            let reason = opened.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            sqlite3_close_v2(opened)
            throw DataError(.cannotOpen, "cannot open the backup file \(destinationPath): \(reason)")
        }
        defer { sqlite3_close_v2(destination) }
        sqlite3_busy_timeout(destination, Self.busyTimeoutMilliseconds)
        guard sqlite3_exec(destination, "PRAGMA journal_mode = OFF", nil, nil, nil) == SQLITE_OK,
            let backup = sqlite3_backup_init(destination, "main", handle, "main")
        else {
            throw DataError(
                .cannotOpen, "cannot start the backup into \(destinationPath): \(String(cString: sqlite3_errmsg(destination)))")
        }
        // A source busy with a writer is not waited for by SQLite's busy handler during a backup
        // step: wait here, briefly, on this thread: the maintenance queue's, never a thread of
        // Swift's cooperative pool.
        let deadline = Date().addingTimeInterval(Double(Self.busyTimeoutMilliseconds) / 1000)
        var code: Int32
        repeat {
            code = sqlite3_backup_step(backup, -1)
            let waiting = code == SQLITE_BUSY || code == SQLITE_LOCKED
            guard waiting && Date() < deadline else { break }
            BlockingLane.assertCurrent("the backup's busy wait")
            usleep(20_000)
        } while true
        let pages = Int(sqlite3_backup_pagecount(backup))
        let finished = sqlite3_backup_finish(backup)
        guard code == SQLITE_DONE else {
            // SQLite reports a failed step on the destination's handle, whichever side failed.
            let message = String(cString: sqlite3_errmsg(destination))
            switch code & 0xff {
            case SQLITE_CORRUPT, SQLITE_NOTADB: throw damaged(message)
            case SQLITE_BUSY, SQLITE_LOCKED:
                throw DataError(.busy, "the store \(path) stayed locked by another process; no backup was made: \(message)")
            default: throw DataError(.cannotOpen, "cannot back up \(path) into \(destinationPath): \(message) (code \(code))")
            }
        }
        guard finished == SQLITE_OK else {
            throw DataError(
                .cannotOpen, "cannot finish the backup \(destinationPath): \(String(cString: sqlite3_errmsg(destination)))")
        }
        return pages
    }

    /// Keeps this connection from checkpointing its WAL into the database file when it closes,
    /// and from writing at all (`query_only`): recovery reads a damaged file without changing it.
    func neverWrite() throws {
        guard strata_sqlite_no_checkpoint_on_close(handle) == SQLITE_OK else {
            throw DataError(.sqlite, "cannot keep \(path) unchanged: \(String(cString: sqlite3_errmsg(handle)))")
        }
        try execute("PRAGMA query_only = ON")
    }
}
