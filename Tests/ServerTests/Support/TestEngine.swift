import Foundation
import Logging
import StrataServerData
import StrataTestSupport
import Testing

/// The storage engines every contract test runs on: SQLite in a temporary directory, and a
/// fresh database on the shared test PostgreSQL cluster (``TestPostgres``: real, never skipped).
enum TestEngine: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case sqlite
    case postgres

    var testDescription: String { rawValue }

    /// A new, empty data layer on this engine (`directory` is used by SQLite only).
    func open(directory: URL, logger: Logger) async throws -> any ServerDataLayer {
        switch self {
        case .sqlite: try await ServerDataFactory.sqlite(directory: directory, logger: logger)
        case .postgres: try await ServerDataFactory.postgres(url: try await TestPostgres.database(), logger: logger)
        }
    }

    /// The `--database` arguments that start `strata-server` on a new, empty database of this
    /// engine (none for SQLite: its data directory).
    func databaseArguments() async throws -> [String] {
        switch self {
        case .sqlite: []
        case .postgres: ["--database", try await TestPostgres.database()]
        }
    }
}
