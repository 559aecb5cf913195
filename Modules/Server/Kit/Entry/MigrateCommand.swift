import ArgumentParser
import Foundation

/// `strata-server migrate`: applies the storage's pending schema migrations and says which.
///
/// `serve` applies them at start too; this runs them ahead of an upgrade, or checks that a
/// database is current (a database newer than this server is refused, naming both versions).
struct MigrateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "migrate",
        abstract: "Apply the pending database migrations (PostgreSQL with --database, else SQLite in --data-dir).")

    @OptionGroup var common: CommonOptions

    /// What `migrate` prints: each applied migration on its own line, or that none was pending.
    static func report(_ applied: [String], launch: ServerLaunch) -> String {
        let storage = launch.database == nil ? "the SQLite data directory \(launch.dataDirectory.path)" : "the PostgreSQL database"
        guard !applied.isEmpty else { return "\(storage) is up to date: no migration was pending\n" }
        return "applied \(applied.count) migration\(applied.count == 1 ? "" : "s") to \(storage):\n"
            + applied.map { "  \($0)\n" }.joined()
    }
}
