public import StrataDomain

/// How urgent the summary is: what status bars colour by.
public enum StatusLevel: String, Sendable, CaseIterable {
    /// Nothing due today and nothing overdue.
    case ok
    /// Follow-ups due today, none overdue.
    case due
    /// A warning: the server refused changes that wait for a retry or a discard
    /// (`strata-host sync rejected`), nothing overdue.
    case rejected
    /// At least one follow-up overdue.
    case overdue

    /// The level of `summary` with `rejectedChanges` refused changes waiting: `overdue` if any
    /// follow-up is overdue, else `rejected` if any change was refused (the person must act),
    /// else `due` if any is due today, else `ok`.
    public init(_ summary: StatusSummary, rejectedChanges: Int = 0) {
        if summary.overdue > 0 {
            self = .overdue
        } else if rejectedChanges > 0 {
            self = .rejected
        } else if summary.dueToday > 0 {
            self = .due
        } else {
            self = .ok
        }
    }

    /// The i3blocks colour (`#RRGGBB`): green, amber, yellow (a warning), red.
    public var colour: String {
        switch self {
        case .ok: "#50FA7B"
        case .due: "#FFB86C"
        case .rejected: "#F1FA8C"
        case .overdue: "#FF5555"
        }
    }
}
