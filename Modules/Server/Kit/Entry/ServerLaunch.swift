public import Foundation
public import Logging
public import StrataServerDomain

/// What `strata-server` asks of its composition root once the command line is parsed.
public struct ServerLaunch: Sendable {
    /// The data directory (`--data-dir`).
    public let dataDirectory: URL
    /// The logger at the chosen level (`--log-level`).
    public let logger: Logger
    /// The settings (`--token-lifetime`, …).
    public let settings: ServerSettings
    /// The database URL (`--database`, else `STRATA_DATABASE_URL`), or `nil` for SQLite in
    /// ``dataDirectory``; passed to the data layer as it is (the kit never reads it).
    public let database: String?
    /// Where ``database`` came from (`--database` or `STRATA_DATABASE_URL`), for messages.
    public let databaseOrigin: String

    /// A launch request.
    public init(
        dataDirectory: URL, logger: Logger, settings: ServerSettings, database: String? = nil,
        databaseOrigin: String = "--database"
    ) {
        self.dataDirectory = dataDirectory
        self.logger = logger
        self.settings = settings
        self.database = database
        self.databaseOrigin = databaseOrigin
    }

    /// The usage error (exit 64, one line) for a database URL the data layer refused:
    /// `<origin>: <message>` (the message names what was expected and never shows a password).
    public func badDatabase(_ message: String) -> any Error {
        LaunchUsageError(message: "\(databaseOrigin): \(message)")
    }
}

/// A launch refused as a usage error: the CLI prints the line and exits 64.
struct LaunchUsageError: Error {
    let message: String
}
