#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// Error and monitor logs kept in the local store for upload (the seed's `APLogError` /
/// `APLogMonitor`), gated by a collection level the server sets. Nothing is printed.
///
/// Every operation is `async`: the live log does its SQLite work on the database's own queue.
public protocol DiagnosticLog: Sendable {
    /// Records an error, if the collection level is `error` or `monitor`. Returns whether it was kept.
    @discardableResult
    func logError(_ message: String, metadata: [String: String]) async throws -> Bool

    /// Records a monitoring event, if the collection level is `monitor`. Returns whether it was kept.
    @discardableResult
    func logMonitor(_ message: String, metadata: [String: String]) async throws -> Bool

    /// The collection level in force (persisted; `error` until set).
    func collectionLevel() async throws -> LogCollectionLevel

    /// Sets and persists the collection level (the server's setting), and deletes the kept
    /// entries it no longer collects in the same transaction: at `none` every pending entry,
    /// at `error` the monitoring events (the seed: "何も送信されず、ログは削除される").
    func setCollectionLevel(_ level: LogCollectionLevel) async throws

    /// The kept entries, oldest first, at most `limit`.
    func entries(limit: Int?) async throws -> [LogEntry]

    /// Removes the entries up to and including `sequence` (after an upload).
    func removeEntries(through sequence: Int64) async throws
}

/// Which logs are kept (the server decides).
public enum LogCollectionLevel: Int, Sendable, Hashable, CaseIterable, Codable, Comparable {
    /// Keep nothing.
    case none = 0
    /// Keep errors.
    case error = 1
    /// Keep errors and monitoring events.
    case monitor = 2

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// One kept log entry.
public struct LogEntry: Sendable, Hashable, Codable {
    /// The entry's order in the log.
    public var sequence: Int64
    /// `error` or `monitor`.
    public var level: LogCollectionLevel
    /// What happened.
    public var message: String
    /// Extra facts.
    public var metadata: [String: String]
    /// When it was logged.
    public var loggedAt: Date

    /// An entry with every field given.
    public init(sequence: Int64, level: LogCollectionLevel, message: String, metadata: [String: String], loggedAt: Date) {
        self.sequence = sequence
        self.level = level
        self.message = message
        self.metadata = metadata
        self.loggedAt = loggedAt
    }
}
