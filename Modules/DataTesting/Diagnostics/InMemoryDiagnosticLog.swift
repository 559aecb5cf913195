import Foundation
import StrataCrossCutting
import StrataData
import Synchronization

/// The diagnostic log of an in-memory data layer: the live log's gate (collection level
/// `error` until set; errors kept at `error` and `monitor`, monitoring events only at
/// `monitor`), entries numbered from 1, oldest first, times from the double's clock.
final class InMemoryDiagnosticLog: DiagnosticLog {
    private let gate: CallGate
    private let clock: any StrataClock
    private let readOnly: Bool
    private let state = Mutex(LogState())

    /// The level, the kept entries and the next entry's number.
    private struct LogState {
        var level = LogCollectionLevel.error
        var entries: [LogEntry] = []
        var nextSequence: Int64 = 1
    }

    init(gate: CallGate, clock: any StrataClock, readOnly: Bool) {
        self.gate = gate
        self.clock = clock
        self.readOnly = readOnly
    }

    @discardableResult
    func logError(_ message: String, metadata: [String: String]) throws -> Bool {
        try gate.admit(.logError)
        return try record(.error, message, metadata)
    }

    @discardableResult
    func logMonitor(_ message: String, metadata: [String: String]) throws -> Bool {
        try gate.admit(.logMonitor)
        return try record(.monitor, message, metadata)
    }

    func collectionLevel() throws -> LogCollectionLevel {
        try gate.admit(.collectionLevel)
        return state.withLock { $0.level }
    }

    func setCollectionLevel(_ level: LogCollectionLevel) throws {
        try gate.admit(.setCollectionLevel, "\(level)")
        try checkWritable("set the log collection level")
        state.withLock { $0.level = level }
    }

    func entries(limit: Int?) throws -> [LogEntry] {
        try gate.admit(.logEntries)
        if let limit, limit < 0 {
            throw DataError(.invalidQuery, "the log entry limit must be 0 or more, not \(limit)")
        }
        let entries = state.withLock { $0.entries }
        return limit.map { Array(entries.prefix($0)) } ?? entries
    }

    func removeEntries(through sequence: Int64) throws {
        try gate.admit(.removeLogEntries, "\(sequence)")
        try checkWritable("remove log entries")
        state.withLock { $0.entries.removeAll { $0.sequence <= sequence } }
    }

    /// Keeps one entry when the level allows it; a kept entry on a read-only double is `readOnly`.
    private func record(_ level: LogCollectionLevel, _ message: String, _ metadata: [String: String]) throws -> Bool {
        guard state.withLock({ $0.level }) >= level else { return false }
        try checkWritable("keep a log entry")
        let loggedAt = clock.now()
        state.withLock { state in
            state.entries.append(
                LogEntry(sequence: state.nextSequence, level: level, message: message, metadata: metadata, loggedAt: loggedAt))
            state.nextSequence += 1
        }
        return true
    }

    private func checkWritable(_ what: String) throws {
        guard !readOnly else {
            throw DataError(.readOnly, "cannot \(what): the in-memory data layer was opened read-only")
        }
    }
}
