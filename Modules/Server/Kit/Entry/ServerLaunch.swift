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
    /// Whether the command creates SQLite storage in ``dataDirectory`` when it holds none
    /// (`serve`, `migrate`, the admin commands that create a first record); when `false`, the
    /// composition root opens the storage without creating it and reports a directory without
    /// server data through ``missingData(_:)``.
    public let createsStorage: Bool
    /// Where ``dataDirectory`` came from, for messages: `from --data-dir`, `from STRATA_DATA_DIR`
    /// or the default's explanation.
    public let dataDirectoryOrigin: String

    /// A launch request.
    public init(
        dataDirectory: URL, logger: Logger, settings: ServerSettings, database: String? = nil,
        databaseOrigin: String = "--database", createsStorage: Bool = true, dataDirectoryOrigin: String = "from --data-dir"
    ) {
        self.dataDirectory = dataDirectory
        self.logger = logger
        self.settings = settings
        self.database = database
        self.databaseOrigin = databaseOrigin
        self.createsStorage = createsStorage
        self.dataDirectoryOrigin = dataDirectoryOrigin
    }

    /// The failure (exit 1, one line) for a data directory that holds no server data, given to
    /// a command that does not create it: `message` (the data layer's, naming the directory),
    /// where the directory came from, and how to name the right one or create one.
    public func missingData(_ message: String) -> any Error {
        LaunchMissingData(
            message: "\(message) (\(dataDirectoryOrigin)); name the server's data directory with --data-dir or "
                + "STRATA_DATA_DIR, or create one with serve, migrate or an admin create command")
    }

    /// The usage error (exit 64, one line) for a database URL the data layer refused:
    /// `<origin>: <message>` (the message names what was expected and never shows a password).
    public func badDatabase(_ message: String) -> any Error {
        LaunchUsageError(message: "\(databaseOrigin): \(message)")
    }
}

/// A command refused because its data directory holds no server data: the CLI prints the line
/// and exits 1.
struct LaunchMissingData: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}

/// A launch refused as a usage error: the CLI prints the line and exits 64.
struct LaunchUsageError: Error {
    let message: String
}
