import Foundation
import Hummingbird
import StrataCrossCutting
import StrataServerDomain

/// `/admin/logs` and `/admin/stats`: what `admin logs` and `admin stats` show, with the same
/// filters, as tables and one chart.
extension ConsoleHandlers {
    /// `GET /admin/logs[?app=&version=&level=&user=&since=&limit=]`.
    func logs(_ request: Request) async throws -> Response {
        try await page(request) { _ in
            let query = try Self.query(["app", "version", "level", "user", "since", "limit"], in: request)
            var page = ConsolePage(template: "logs", title: localized("Logs", ja: "ログ"))
            let level = query["level"] ?? ""
            page.values["filter"] = query.merging(["limit": query["limit"] ?? "100"]) { $1 }
            page.values["levels"] = [("", localized("any", ja: "すべて")), ("error", "error"), ("monitor", "monitor")].map {
                ["value": $0.0, "label": $0.1, "selected": $0.0 == level] as [String: Any]
            }
            do {
                let filter = try Self.logFilter(query)
                page.values["entries"] = try await services.logs.logs(filter).map { entry -> [String: Any] in
                    [
                        "loggedAt": entry.loggedAt.formatted(.iso8601), "level": entry.level, "kind": entry.kind,
                        "user": entry.account.isEmpty ? entry.userId : entry.account, "device": entry.deviceId,
                        "app": "\(entry.appId)@\(entry.appVersion)", "message": entry.message,
                    ]
                }
            } catch let error as ConsoleFormError {
                page.error = error.message
            } catch let error as ServerError where error.code == .badRequest || error.code == .notFound {
                page.error = error.message
            }
            return page
        }
    }

    /// `GET /admin/stats[?app=&version=&days=]`: the tables of `admin stats` and the chart of
    /// events per day (`<svg id="events-chart">`).
    func stats(_ request: Request) async throws -> Response {
        try await page(request) { _ in
            let query = try Self.query(["app", "version", "days"], in: request)
            var page = ConsolePage(template: "stats", title: localized("Stats", ja: "統計"))
            page.values["filter"] = query.merging(["days": query["days"] ?? "14"]) { $1 }
            do {
                let days = try Self.whole(query["days"], label: localized("Days", ja: "日数"), default: 14, in: 1...366)
                let stats = try await services.logs.stats(appId: query["app"], version: query["version"], days: days)
                page.values["chart"] = ConsoleChart.svg(stats.days, title: localized("Events per day", ja: "1日あたりのイベント"))
                page.values["days"] = stats.days.reversed().map { day -> [String: Any] in
                    [
                        "day": day.day, "activeUsers": day.activeUsers, "errors": day.errors,
                        "events": day.events.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", "),
                    ]
                }
                page.values["errorsByVersion"] = stats.errorsByVersion.map { row -> [String: Any] in
                    ["appId": row.appId, "version": row.version, "errors": row.errors]
                }
            } catch let error as ConsoleFormError {
                page.error = error.message
            } catch let error as ServerError where error.code == .badRequest || error.code == .notFound {
                page.error = error.message
            }
            if page.values["chart"] == nil {
                page.values["chart"] = ConsoleChart.svg([], title: localized("Events per day", ja: "1日あたりのイベント"))
            }
            return page
        }
    }

    /// The filter the logs page's query gives, as `admin logs` reads its options.
    static func logFilter(_ query: [String: String]) throws -> UsageLogFilter {
        let level = query["level"]
        if let level, !["error", "monitor"].contains(level) {
            throw ConsoleFormError(
                localized("the level must be error or monitor, not '\(level.prefix(40))'", ja: "レベルは error か monitor です（'\(level.prefix(40))' は不可）"))
        }
        var since: Date?
        if let text = query["since"] {
            do {
                since = try DayText.parse(text, calendar: UsageText.utc, what: localized("since", ja: "開始日"))
            } catch let error as CrossCuttingError {
                throw ConsoleFormError(error.message)
            }
        }
        let limit = try whole(query["limit"], label: localized("At most", ja: "最大件数"), default: 100, in: 1...10_000)
        return UsageLogFilter(
            appId: query["app"], version: query["version"], level: level, user: query["user"], since: since, limit: limit)
    }

    /// `text` as a whole number in `range` (`fallback` when absent).
    static func whole(_ text: String?, label: String, default fallback: Int, in range: ClosedRange<Int>) throws -> Int {
        guard let text else { return fallback }
        guard let value = Int(text), range.contains(value) else {
            throw ConsoleFormError(
                localized(
                    "\(label) must be a whole number from \(range.lowerBound) to \(range.upperBound), not '\(text.prefix(40))'",
                    ja: "\(label)は \(range.lowerBound)〜\(range.upperBound) の整数です（'\(text.prefix(40))' は不可）"))
        }
        return value
    }

    /// The non-blank query values `names` of `request` (at most 200 characters each).
    static func query(_ names: [String], in request: Request) throws -> [String: String] {
        var values: [String: String] = [:]
        for name in names {
            let value: Substring?
            do {
                value = try RequestReading.queryValue(name, in: request)
            } catch let failure as HTTPFailure {
                throw ConsoleFormError(failure.message)
            }
            guard let value, !value.allSatisfy(\.isWhitespace) else { continue }
            values[name] = String(value.prefix(200))
        }
        return values
    }
}
