public import Foundation

/// What `strata-server admin logs` and `admin stats` read: the logs the apps uploaded (the
/// seed's `logError` / `logMonitor`, at the level each app version collects).
public protocol UsageLogService: Sendable {
    /// The entries `filter` selects over every app version it names, newest first, at most
    /// `filter.limit`.
    ///
    /// - Throws: ``ServerError`` `badRequest` for a bad level or limit, `notFound` for an app
    ///   that does not exist.
    func logs(_ filter: UsageLogFilter) async throws -> [UsageLogEntry]

    /// Daily active users, events by kind per day and errors per app version over the last
    /// `days` days (today, UTC, included), for the app versions `appId` / `version` name
    /// (`nil`: every one).
    func stats(appId: String?, version: String?, days: Int) async throws -> UsageStats
}

/// Which uploaded entries `admin logs` shows: every condition given must hold.
public struct UsageLogFilter: Sendable, Hashable {
    /// Only this app id (`nil`: every app).
    public var appId: String?
    /// Only this app version (`nil`: every version).
    public var version: String?
    /// Only `error` or `monitor` entries.
    public var level: String?
    /// Only this user: an account name or a user id.
    public var user: String?
    /// Only entries logged at or after this instant.
    public var since: Date?
    /// The most entries shown (1–10,000).
    public var limit: Int

    /// A filter.
    public init(
        appId: String? = nil, version: String? = nil, level: String? = nil, user: String? = nil, since: Date? = nil,
        limit: Int = 100
    ) {
        self.appId = appId
        self.version = version
        self.level = level
        self.user = user
        self.since = since
        self.limit = limit
    }
}

/// One uploaded entry as the admin commands show it.
public struct UsageLogEntry: Sendable, Hashable, Codable {
    /// The app id.
    public var appId: String
    /// The app version that uploaded it.
    public var appVersion: String
    /// The uploader's user id.
    public var userId: String
    /// The uploader's account name (empty when the user no longer exists).
    public var account: String
    /// The device that logged it (empty: not given).
    public var deviceId: String
    /// `error` or `monitor`.
    public var level: String
    /// The event kind (`report.created`, `error`; empty: not given).
    public var kind: String
    /// What happened.
    public var message: String
    /// Every metadata field the client sent.
    public var metadata: [String: String]
    /// When it was logged on the device.
    public var loggedAt: Date
    /// When the server received it.
    public var receivedAt: Date
}

/// The figures of `admin stats`.
public struct UsageStats: Sendable, Hashable, Codable {
    /// One day's figures.
    public struct Day: Sendable, Hashable, Codable {
        /// The day, `YYYY-MM-DD` (UTC).
        public var day: String
        /// Distinct users with an entry that day, over every app version counted.
        public var activeUsers: Int
        /// Monitoring events per kind.
        public var events: [String: Int]
        /// Errors logged that day.
        public var errors: Int
    }

    /// One app version's error count.
    public struct VersionErrors: Sendable, Hashable, Codable {
        /// The app id.
        public var appId: String
        /// The app version.
        public var version: String
        /// Errors logged in the period.
        public var errors: Int
    }

    /// The first day counted, `YYYY-MM-DD` (UTC).
    public var since: String
    /// Every day of the period, oldest first (days without entries included, with zeros).
    public var days: [Day]
    /// Every app version counted, by app id then version.
    public var errorsByVersion: [VersionErrors]
}
