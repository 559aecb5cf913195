import ArgumentParser
import StrataCrossCutting
import StrataServerDomain

/// `admin stats [--app A] [--version V] [--days N] [--json]`.
struct StatsCommand: KitCommand {
    static let configuration = CommandConfiguration(
        commandName: "stats",
        abstract: "Daily active users, usage events by kind per day and errors per app version, from the uploaded logs.",
        discussion: """
            Days are UTC, today included. Active users are the users with any uploaded entry that \
            day; events count the entries at level monitor by kind; errors the entries at level error.

            Examples:
              strata-server admin stats
              strata-server admin stats --app dev.strata.casebook --days 30 --json
            """)
    @Option(name: .long, help: "Only this app id.") var app: String?
    @Option(name: .customLong("version"), help: "Only this app version.") var appVersion: String?
    @Option(name: .long, help: "How many days, today included (1-366).") var days = 7
    @Flag(name: .long, help: "Print the figures as JSON.") var json = false
    @OptionGroup var common: CommonOptions

    /// A bad `--days` is a usage error (64), found before the storage is opened.
    func validate() throws {
        guard (1...366).contains(days) else { throw ValidationError("--days \(days) is out of range; expected 1–366") }
    }

    func execute(_ run: CommandRun) async throws {
        let stats = try await run.services.logs.stats(appId: app, version: appVersion, days: days)
        if json {
            run.output.out(try UsageText.json(stats))
            return
        }
        run.output.out("day\tactive users\terrors\tevents")
        for day in stats.days {
            let events = day.events.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
            run.output.out(AdminText.line(day.day, "\(day.activeUsers)", "\(day.errors)", events))
        }
        run.output.out("")
        run.output.out("errors per app version since \(stats.since)")
        for version in stats.errorsByVersion {
            run.output.out(AdminText.line(version.appId, version.version, "\(version.errors)"))
        }
    }
}
