import ArgumentParser
import Foundation
import Logging
import StrataCrossCutting
import StrataServerDomain

/// A leaf command: its common options and what it does with the services.
protocol KitCommand: ParsableCommand {
    /// `--data-dir` and `--log-level`.
    var common: CommonOptions { get }
    /// The log level when `--log-level` is not given.
    var defaultLogLevel: Logger.Level { get }
    /// The settings the services are built with.
    var settings: ServerSettings { get }
    /// Runs the command.
    func execute(_ run: CommandRun) async throws
    /// How long closing the storage after ``execute(_:)`` may take before the command fails.
    var closeDeadline: Duration { get }
    /// Whether the command creates the SQLite data directory when it holds no server data:
    /// `serve` and the commands that create a first record (`group create`, `user create`,
    /// `app create`, `template save`). Every other command refuses such a directory, so that one
    /// run in the wrong folder says so instead of answering from a new, empty database.
    static var createsStorage: Bool { get }
}

extension KitCommand {
    static var createsStorage: Bool { false }
    var defaultLogLevel: Logger.Level { .warning }
    var settings: ServerSettings { ServerSettings() }
    var closeDeadline: Duration { .seconds(10) }
}

/// What a command runs with.
struct CommandRun {
    let services: any ServerServices
    let output: OutputSink
    let logger: Logger
    /// The metrics exposition `serve` answers `GET /metrics` with (the host's), if any.
    var metrics: MetricsExposition? = nil
    /// The web console's language: the locale's (`LANG`), while the rest of the server speaks English.
    var consoleLanguage: MessageLanguage = .english
}

/// The options every command takes.
struct CommonOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "The data directory: control.sqlite and apps/<app id>@<version>.sqlite (else STRATA_DATA_DIR, else "
                + "./\(Self.defaultDataDirectory)). serve, migrate, and admin group create, user create, app create and "
                + "template save create it when it holds no server data; every other command refuses it then.",
            valueName: "dir"),
        completion: .directory)
    var dataDir: String?

    /// The data directory when neither `--data-dir` nor `STRATA_DATA_DIR` names one.
    static let defaultDataDirectory = "strata-server-data"

    /// The data directory: `--data-dir`, else `STRATA_DATA_DIR` (an empty one counts as none),
    /// else ``defaultDataDirectory``; with where it came from, for messages.
    func dataDirectory(environment: [String: String]) -> (path: String, origin: String) {
        if let dataDir { return (dataDir, "from --data-dir") }
        if let path = environment["STRATA_DATA_DIR"], !path.isEmpty { return (path, "from STRATA_DATA_DIR") }
        return (Self.defaultDataDirectory, "the default directory: neither --data-dir nor STRATA_DATA_DIR is set")
    }

    @Option(
        name: .long,
        help: ArgumentHelp(
            "A PostgreSQL database, postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE (else STRATA_DATABASE_URL; "
                + "with neither, SQLite in --data-dir).", valueName: "url"))
    var database: String?

    @Option(
        name: .long, help: "trace, debug, info, notice, warning, error or critical (logs go to standard error).",
        completion: .list(Logger.Level.allCases.map(\.rawValue)))
    var logLevel: String?

    @Flag(
        name: .long,
        help: """
            More detail on standard error: logs at debug level (unless --log-level names one), what a command \
            opens and does and how long it took, and the error code when something fails.
            """)
    var verbose = false

    /// The database URL: `--database`, else `STRATA_DATABASE_URL` (an empty one counts as
    /// none), with the name of where it came from; `nil` for SQLite in ``dataDir``.
    func database(environment: [String: String]) -> (url: String, origin: String)? {
        if let database { return (database, "--database") }
        if let url = environment["STRATA_DATABASE_URL"], !url.isEmpty { return (url, "STRATA_DATABASE_URL") }
        return nil
    }

    func level(default fallback: Logger.Level) throws -> Logger.Level {
        guard let logLevel else { return verbose ? .debug : fallback }
        guard let level = Logger.Level(rawValue: logLevel.lowercased()) else {
            throw ServerError(
                .badRequest,
                "--log-level \(logLevel) is not a level; expected one of: "
                    + Logger.Level.allCases.map(\.rawValue).joined(separator: ", "))
        }
        return level
    }
}

extension CommonOptions {
    /// Why `path`, the SQLite data directory (`origin` says where it was named), can be no data
    /// directory at all, found before anything opens or creates it: a symbolic link to a place
    /// that does not exist (creating it would fail with "already exists"), or a file (not a
    /// folder without server data). `nil` for a folder, a link to one, or nothing there yet
    /// (created or refused later, as the command asks).
    static func dataDirectoryProblem(_ path: String, origin: String) -> String? {
        let files = FileManager.default
        // Foundation's look-ups, not Glibc's `stat`: in a product-only build (`swift build
        // --product strata-server`) `struct stat` resolves to a module this target cannot import.
        guard let entry = try? files.attributesOfItem(atPath: path) else { return nil }
        var isFolder: ObjCBool = false
        guard files.fileExists(atPath: path, isDirectory: &isFolder) else {
            guard entry[.type] as? FileAttributeType == .typeSymbolicLink else { return nil }
            let destination = (try? files.destinationOfSymbolicLink(atPath: path)) ?? "?"
            return "the data directory \(path) (\(origin)) is a symbolic link to \(destination), which does not exist; "
                + "create that folder, or name the server's data directory with --data-dir or STRATA_DATA_DIR"
        }
        guard !isFolder.boolValue else { return nil }
        return "the data directory \(path) (\(origin)) is a file, not a folder; "
            + "name the server's data directory with --data-dir or STRATA_DATA_DIR"
    }
}
