#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The status summary `strata-status` prints.
public protocol StatusService: Sendable {
    /// Counts of reports, follow-ups due today and overdue, and unread notifications.
    func summary() async throws -> StatusSummary
}

/// A one-look summary of the shared store.
public struct StatusSummary: Sendable, Hashable, Codable {
    /// How many case reports are stored.
    public var reports: Int
    /// Follow-ups not done whose date is today.
    public var dueToday: Int
    /// Follow-ups not done whose date is before today.
    public var overdue: Int
    /// Notifications recorded and not yet read.
    public var unreadNotifications: Int

    /// A summary with the given counts.
    public init(reports: Int, dueToday: Int, overdue: Int, unreadNotifications: Int) {
        self.reports = reports
        self.dueToday = dueToday
        self.overdue = overdue
        self.unreadNotifications = unreadNotifications
    }

    /// Every count zero: what `strata-status` shows before any store exists.
    public static let empty = StatusSummary(reports: 0, dueToday: 0, overdue: 0, unreadNotifications: 0)
}
