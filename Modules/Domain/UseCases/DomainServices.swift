/// Every use case of the domain, obtained from ``DomainFactory``.
public protocol DomainServices: Sendable {
    /// Add, update, list, search and delete case reports.
    var reports: any CaseReportService { get }
    /// Schedule follow-ups and find those due.
    var followUps: any FollowUpService { get }
    /// Record incoming notifications exactly once, list them, mark them read.
    var notifications: any NotificationService { get }
    /// The status summary shown by `strata-status`.
    var status: any StatusService { get }
}
