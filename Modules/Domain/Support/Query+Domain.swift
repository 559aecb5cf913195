#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import StrataStore

extension Query where Object == CaseReport {
    /// Every report, newest first (reports created in the same instant: last saved first).
    static var newestFirst: Self {
        Query().sorted(by: "createdAt", .descending).sorted(by: "objectId", .descending)
    }
}

extension Query where Object == FollowUp {
    /// Follow-ups not done whose date is in `interval` (start inclusive, end exclusive), by date.
    static func due(in interval: DateInterval) -> Self {
        Query()
            .whereKey("isDone", .equal, false)
            .whereKey("date", .greaterOrEqual, interval.start)
            .whereKey("date", .less, interval.end)
            .sorted(by: "date")
    }

    /// Follow-ups not done whose date is before `instant`, by date.
    static func overdue(before instant: Date) -> Self {
        Query().whereKey("isDone", .equal, false).whereKey("date", .less, instant).sorted(by: "date")
    }

    /// The follow-ups of report `reportID`, by date.
    static func of(report reportID: String) -> Self {
        Query().whereKey("caseReportID", .equal, reportID).sorted(by: "date")
    }
}

extension Query where Object == NotificationRecord {
    /// The record stored under a sender's notification id (at most one: the key is unique).
    static func notification(_ notificationId: String) -> Self {
        Query().whereKey("notificationId", .equal, notificationId).limit(1)
    }

    /// Every record, newest first (by when it was received).
    static var newestFirst: Self {
        Query().sorted(by: "receivedAt", .descending).sorted(by: "objectId", .descending)
    }
}
