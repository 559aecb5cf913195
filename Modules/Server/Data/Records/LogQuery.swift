public import Foundation

/// Which uploaded log entries to read (`strata-server admin logs`): every condition given must
/// hold; the newest first, at most ``limit``.
///
/// Each engine answers through an index: by user, by level or by time (`logs_by_user`,
/// `logs_by_level`, `logs_by_time`), never a scan of every entry.
public struct LogQuery: Sendable, Hashable {
    /// Only this level (`error` or `monitor`).
    public var level: String?
    /// Only this uploader.
    public var userId: String?
    /// Only entries logged at or after this instant.
    public var since: Date?
    /// The most entries returned (1 or more).
    public var limit: Int

    /// A query; with no condition, the newest `limit` entries.
    public init(level: String? = nil, userId: String? = nil, since: Date? = nil, limit: Int = 100) {
        self.level = level
        self.userId = userId
        self.since = since
        self.limit = limit
    }
}

/// The counts behind `strata-server admin stats` for one app version, from a day on (days are
/// UTC, numbered from 1970-01-01 as 0).
public struct StoredLogStats: Sendable, Hashable {
    /// One user active on one day (any entry logged that day).
    public struct ActiveUser: Sendable, Hashable {
        /// The day's number.
        public var day: Int64
        /// The user.
        public var userId: String
        /// A pair.
        public init(day: Int64, userId: String) {
            self.day = day
            self.userId = userId
        }
    }

    /// How many entries of one level and kind were logged on one day.
    public struct KindCount: Sendable, Hashable {
        /// The day's number.
        public var day: Int64
        /// `error` or `monitor`.
        public var level: String
        /// The event kind (empty: none given).
        public var kind: String
        /// How many.
        public var count: Int
        /// A count.
        public init(day: Int64, level: String, kind: String, count: Int) {
            self.day = day
            self.level = level
            self.kind = kind
            self.count = count
        }
    }

    /// Every (day, user) with an entry, by day then user.
    public var activeUsers: [ActiveUser]
    /// Entries per (day, level, kind), by day, level, kind.
    public var kinds: [KindCount]

    /// The counts.
    public init(activeUsers: [ActiveUser], kinds: [KindCount]) {
        self.activeUsers = activeUsers
        self.kinds = kinds
    }

    /// The day number of an instant (UTC).
    public static func day(of date: Date) -> Int64 { Int64((date.timeIntervalSince1970 / 86_400).rounded(.down)) }
}
