import ArgumentParser
import Foundation
import StrataCrossCutting
import StrataServerDomain

/// `admin logs [--app A] [--version V] [--level L] [--user U] [--since DATE] [--limit N] [--json]`.
struct LogsCommand: KitCommand {
    static let configuration = CommandConfiguration(
        commandName: "logs", abstract: "Show the logs the apps uploaded (errors and usage events), newest first.",
        discussion: """
            The apps upload what their log collection level allows (`admin app log-level`): \
            errors at `error`, errors and usage events at `monitor`. Each line: when it was \
            logged (UTC), the level, the kind, the account, the device, the app version, the message.

            Examples:
              strata-server admin logs --since "$(date -I -d '-30 days')" --level error
              strata-server admin logs --user alice --limit 20 --json
            """)
    @Option(name: .long, help: "Only this app id.") var app: String?
    @Option(name: .customLong("version"), help: "Only this app version.") var appVersion: String?
    @Option(name: .long, help: "Only error or monitor entries.") var level: String?
    @Option(name: .long, help: "Only this user: an account name or a user id.") var user: String?
    @Option(name: .long, help: "Only entries logged from this day (YYYY-MM-DD, UTC) or instant (ISO 8601) on.")
    var since: String?
    @Option(name: .long, help: "The most entries shown (1-10000).") var limit = 100
    @Flag(name: .long, help: "Print a JSON array of entries.") var json = false
    @OptionGroup var common: CommonOptions

    /// Bad options are usage errors (64), found before the storage is opened.
    func validate() throws {
        if let level, !["error", "monitor"].contains(level) {
            throw ValidationError("--level \(TerminalText.escaped(level)) is not a log level; expected error or monitor")
        }
        guard (1...10_000).contains(limit) else { throw ValidationError("--limit \(limit) is out of range; expected 1–10000") }
        _ = try sinceDate()
    }

    func execute(_ run: CommandRun) async throws {
        let from = try sinceDate()
        let entries = try await run.services.logs.logs(
            UsageLogFilter(appId: app, version: appVersion, level: level, user: user, since: from, limit: limit))
        if json {
            run.output.out(try UsageText.json(entries))
            return
        }
        let lines = entries.map { entry in
            let who = entry.account.isEmpty ? entry.userId : entry.account
            let fields = [
                DayText.instant(entry.loggedAt), entry.level, entry.kind.isEmpty ? "-" : entry.kind, who,
                entry.deviceId.isEmpty ? "-" : entry.deviceId, "\(entry.appId)@\(entry.appVersion)", entry.message,
            ]
            return AdminText.line(fields)
        }
        AdminTable.print(header: ["LOGGED_AT", "LEVEL", "KIND", "USER", "DEVICE", "APP", "MESSAGE"], lines: lines, to: run.output)
    }

    /// `--since` read as a UTC day or an instant (`nil` when not given).
    private func sinceDate() throws -> Date? {
        try since.map { text in
            do {
                return try DayText.parse(text, calendar: UsageText.utc, what: "--since")
            } catch let error as CrossCuttingError {
                throw ValidationError(error.message)
            }
        }
    }
}

/// What `admin logs` and `admin stats` print: UTC days, JSON with sorted keys and ISO 8601 dates.
enum UsageText {
    /// The Gregorian calendar in UTC (the server's days).
    static let utc: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        return calendar
    }()

    /// `value` as indented JSON with sorted keys and ISO 8601 dates.
    static func json(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return TerminalText.jsonEscaped(String(decoding: try encoder.encode(value), as: UTF8.self))
    }
}
