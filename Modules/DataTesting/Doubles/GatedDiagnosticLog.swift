import StrataData

/// The diagnostic log of a double: each call passes the ``CallGate``, then goes to the real log.
struct GatedDiagnosticLog: DiagnosticLog {
    let base: any DiagnosticLog
    let gate: CallGate

    func logError(_ message: String, metadata: [String: String]) throws -> Bool {
        try gate.admit(.logError)
        return try base.logError(message, metadata: metadata)
    }

    func logMonitor(_ message: String, metadata: [String: String]) throws -> Bool {
        try gate.admit(.logMonitor)
        return try base.logMonitor(message, metadata: metadata)
    }

    func collectionLevel() throws -> LogCollectionLevel {
        try gate.admit(.collectionLevel)
        return try base.collectionLevel()
    }

    func setCollectionLevel(_ level: LogCollectionLevel) throws {
        try gate.admit(.setCollectionLevel, "\(level)")
        try base.setCollectionLevel(level)
    }

    func entries(limit: Int?) throws -> [LogEntry] {
        try gate.admit(.logEntries)
        return try base.entries(limit: limit)
    }

    func removeEntries(through sequence: Int64) throws {
        try gate.admit(.removeLogEntries, "\(sequence)")
        try base.removeEntries(through: sequence)
    }
}
