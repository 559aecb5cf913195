#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import Logging
import StrataCrossCutting
import StrataMaintenance
import StrataStore

extension SQLiteStoreMaintenance {
    /// Runs the full page check (`PRAGMA quick_check`, then the kept counts, as `store check
    /// --quick`) when the last one the store recorded (``FullCheckRecord``) is `period` old or
    /// older, or was never recorded; a sound store records the time again, so no other
    /// process repeats the check within `period`.
    ///
    /// The work runs on the maintenance's own queue, on a read-only connection of its own
    /// (safe while other processes write); the caller is suspended, never blocked.
    ///
    /// - Returns: `true` when the check ran and found the store sound; `false` when it was not due.
    /// - Throws: `DataError` `damaged` (the one line naming the file, SQLite's first complaint
    ///   and `strata-host store recover`) when the check found damage — the store is then
    ///   marked for every process — or when another process had marked it already;
    ///   `cannotOpen` when there is no store; any other failure of the check.
    func checkIfDue(every period: Duration) async throws -> Bool {
        try await queue.run { try checkIfDueNow(every: period) }
    }

    /// ``checkIfDue(every:)`` on the calling thread (the maintenance queue's).
    private func checkIfDueNow(every period: Duration) throws -> Bool {
        try requireStore()
        if let reason = marker.reason() { throw DataError(.damaged, DamageMarker.message(store: storePath, detail: reason)) }
        let last = try {
            let connection = try SQLiteConnection(path: storePath, access: .readOnly)
            try StoreFormat.check(connection)
            return try FullCheckRecord.last(in: connection)
        }()
        if let last {
            let age = clock.now().timeIntervalSince(last)
            let seconds = Double(period.components.seconds) + Double(period.components.attoseconds) / 1e18
            // A time in the future (a clock set back) is no proof of a recent check.
            if age >= 0, age < seconds { return false }
        }
        let since = last.map { String($0.timeIntervalSince1970) } ?? "never"
        logger.debug("the store's full check is due", metadata: ["path": "\(storePath)", "last": "\(since)"])
        let result = try checkNow(quick: true)
        guard let first = result.problems.first else { return true }
        throw DataError(.damaged, DamageMarker.message(store: storePath, detail: first))
    }
}
