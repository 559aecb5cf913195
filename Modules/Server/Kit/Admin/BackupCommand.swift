import ArgumentParser
public import Foundation

/// `strata-server admin backup FILE [--force]` and `admin restore FILE [--force]`: what they
/// name; the host runs them (``StrataServerCLI/main(arguments:environment:output:makeServices:migrate:metrics:storage:)``)
/// without opening the services, so a restore finds the storage unused.
protocol StorageCommand: ParsableCommand {
    /// `--data-dir`, `--database` and `--log-level`.
    var common: CommonOptions { get }
    /// The backup: a folder (SQLite) or a file (PostgreSQL).
    var file: String { get }
    /// Whether an existing target is replaced.
    var force: Bool { get }
    /// Which of the two.
    var operation: StorageOperation.Kind { get }
}

/// `strata-server admin backup`.
struct BackupCommand: StorageCommand {
    static let configuration = CommandConfiguration(
        commandName: "backup",
        abstract: "Back up the server's data while it keeps serving (SQLite: into a new folder; PostgreSQL: pg_dump into a file).",
        discussion: """
            SQLite: FILE is a new folder holding control.sqlite and apps/<app id>@<version>.sqlite, each an \
            online copy made with SQLite's backup API. PostgreSQL (--database or STRATA_DATABASE_URL): FILE is \
            a pg_dump custom-format file. An existing FILE is refused unless --force. See Docs/Server.md, \
            "Backup and restore".

            Examples:
              strata-server admin backup /var/backups/strata-$(date -I) --data-dir /var/lib/strata
              strata-server admin backup strata.dump --database postgres://strata@db.internal/strata
            """)
    @Argument(help: "The folder (SQLite) or file (PostgreSQL) to write.") var file: String
    @Flag(name: .long, help: "Replace FILE when it exists.") var force = false
    @OptionGroup var common: CommonOptions
    var operation: StorageOperation.Kind { .backup }
}

/// `strata-server admin restore`.
struct RestoreCommand: StorageCommand {
    static let configuration = CommandConfiguration(
        commandName: "restore",
        abstract: "Replace the server's data by a backup and give it a new epoch (stop every server first).",
        discussion: """
            Refused while a server (or another admin command) uses the data directory or database, and, \
            unless --force, when it already holds server data. Applies the pending migrations and makes \
            a new epoch: every client then re-pulls from the start and re-sends the changes the backup \
            lacks. See Docs/Server.md, "Backup and restore".

            Examples:
              strata-server admin restore /var/backups/strata-<day> --force --data-dir /var/lib/strata
              strata-server admin restore strata.dump --force --database postgres://strata@db.internal/strata
            """)
    @Argument(help: "The folder (SQLite) or file (PostgreSQL) admin backup wrote.") var file: String
    @Flag(name: .long, help: "Replace the server data the data directory or database holds.") var force = false
    @OptionGroup var common: CommonOptions
    var operation: StorageOperation.Kind { .restore }
}

/// A backup or restore for the host to run over the storage the launch names.
public struct StorageOperation: Sendable {
    /// Backup or restore.
    public enum Kind: Sendable { case backup, restore }
    /// Which one.
    public let kind: Kind
    /// The backup folder or file, absolute.
    public let file: URL
    /// Whether an existing target is replaced.
    public let force: Bool
}

extension StorageCommand {
    /// The operation for the host, `file` made absolute against the working directory.
    var storageOperation: StorageOperation {
        StorageOperation(kind: operation, file: URL(fileURLWithPath: file).standardizedFileURL, force: force)
    }
}
