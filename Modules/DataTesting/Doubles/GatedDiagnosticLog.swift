import StrataMaintenance

/// The diagnostic log of a double: each call passes the ``CallGate``, then goes to the real log.
struct GatedDiagnosticLog: DiagnosticLog {
    let base: any DiagnosticLog
    let gate: CallGate

    func logError(_ message: String, metadata: [String: String]) async throws -> Bool {
        try gate.admit(.logError)
        return try await base.logError(message, metadata: metadata)
    }

    func logMonitor(_ message: String, metadata: [String: String]) async throws -> Bool {
        try gate.admit(.logMonitor)
        return try await base.logMonitor(message, metadata: metadata)
    }

    func collectionLevel() async throws -> LogCollectionLevel {
        try gate.admit(.collectionLevel)
        return try await base.collectionLevel()
    }

    func setCollectionLevel(_ level: LogCollectionLevel) async throws {
        try gate.admit(.setCollectionLevel, "\(level)")
        try await base.setCollectionLevel(level)
    }

    func entries(limit: Int?) async throws -> [LogEntry] {
        try gate.admit(.logEntries)
        return try await base.entries(limit: limit)
    }

    func removeEntries(through sequence: Int64) async throws {
        try gate.admit(.removeLogEntries, "\(sequence)")
        try await base.removeEntries(through: sequence)
    }
}
