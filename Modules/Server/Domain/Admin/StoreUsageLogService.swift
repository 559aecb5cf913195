import Foundation
import StrataCrossCutting
import StrataServerData

/// The ``UsageLogService`` over the control store (apps, accounts) and each app version's
/// object store (its logs).
struct StoreUsageLogService: UsageLogService {
    let data: any ServerDataLayer
    let clock: any StrataClock

    /// The most entries one `admin logs` shows.
    static let maxLimit = 10_000
    /// The most days one `admin stats` counts.
    static let maxDays = 366

    func logs(_ filter: UsageLogFilter) async throws -> [UsageLogEntry] {
        guard (1...Self.maxLimit).contains(filter.limit) else {
            throw ServerError(.badRequest, "--limit must be 1–\(Self.maxLimit), not \(filter.limit)")
        }
        if let level = filter.level, !["error", "monitor"].contains(level) {
            throw ServerError(.badRequest, "--level '\(level.prefix(40))' is unknown; expected error or monitor")
        }
        return try await ServerError.mapping {
            let accounts = try await accountNames()
            var userId = filter.user
            if let user = filter.user, let record = try await data.control.user(account: TextRules.canonical(user)) {
                userId = record.id
            }
            let query = LogQuery(level: filter.level, userId: userId, since: filter.since, limit: filter.limit)
            var entries: [UsageLogEntry] = []
            for app in try await apps(appId: filter.appId, version: filter.version) {
                let store = try await data.appStore(appId: app.appId, version: app.version)
                entries += try await store.logs(query).map { Self.entry($0, app: app, accounts: accounts) }
            }
            entries.sort { ($0.loggedAt, $0.receivedAt) > ($1.loggedAt, $1.receivedAt) }
            return Array(entries.prefix(filter.limit))
        }
    }

    func stats(appId: String?, version: String?, days: Int) async throws -> UsageStats {
        guard (1...Self.maxDays).contains(days) else {
            throw ServerError(.badRequest, "--days must be 1–\(Self.maxDays), not \(days)")
        }
        let today = StoredLogStats.day(of: clock.now())
        let first = today - Int64(days - 1)
        return try await ServerError.mapping {
            var users: [Int64: Set<String>] = [:]
            var events: [Int64: [String: Int]] = [:]
            var errors: [Int64: Int] = [:]
            var byVersion: [UsageStats.VersionErrors] = []
            for app in try await apps(appId: appId, version: version) {
                let stats = try await data.appStore(appId: app.appId, version: app.version).logStats(sinceDay: first)
                for active in stats.activeUsers where active.day <= today { users[active.day, default: []].insert(active.userId) }
                var versionErrors = 0
                for count in stats.kinds where count.day <= today {
                    if count.level == "error" {
                        errors[count.day, default: 0] += count.count
                        versionErrors += count.count
                    } else {
                        events[count.day, default: [:]][count.kind.isEmpty ? "(none)" : count.kind, default: 0] += count.count
                    }
                }
                byVersion.append(UsageStats.VersionErrors(appId: app.appId, version: app.version, errors: versionErrors))
            }
            let period = (first...today).map { day in
                UsageStats.Day(
                    day: Self.dayText(day), activeUsers: users[day]?.count ?? 0, events: events[day] ?? [:],
                    errors: errors[day] ?? 0)
            }
            return UsageStats(since: Self.dayText(first), days: period, errorsByVersion: byVersion)
        }
    }

    /// The app versions named (every one when `appId` is `nil`), by app id then version.
    private func apps(appId: String?, version: String?) async throws -> [AppRecord] {
        let apps = try await data.control.apps().filter { app in
            (appId == nil || app.appId == appId) && (version == nil || app.version == version)
        }
        if apps.isEmpty, let appId {
            let named = version.map { "app \(appId) version \($0)" } ?? "app \(appId)"
            throw ServerError(.notFound, "no \(named); see `strata-server admin app list`")
        }
        return apps.sorted { ($0.appId, $0.version) < ($1.appId, $1.version) }
    }

    /// User id → account name.
    private func accountNames() async throws -> [String: String] {
        Dictionary(try await data.control.users().map { ($0.id, $0.account) }, uniquingKeysWith: { first, _ in first })
    }

    private static func entry(_ stored: StoredLogEntry, app: AppRecord, accounts: [String: String]) -> UsageLogEntry {
        let metadata = (try? JSONDecoder().decode([String: String].self, from: Data(stored.metadataJSON.utf8))) ?? [:]
        return UsageLogEntry(
            appId: app.appId, appVersion: app.version, userId: stored.userId, account: accounts[stored.userId] ?? "",
            deviceId: stored.deviceId, level: stored.level, kind: stored.kind, message: stored.message,
            metadata: metadata, loggedAt: stored.loggedAt, receivedAt: stored.receivedAt)
    }

    /// `YYYY-MM-DD` of a day number (UTC).
    static func dayText(_ day: Int64) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        return DayText.day(Date(timeIntervalSince1970: Double(day) * 86_400), calendar: calendar)
    }
}
