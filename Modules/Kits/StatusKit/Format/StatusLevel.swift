public import StrataDomain

/// How urgent the summary is: what status bars colour by.
public enum StatusLevel: String, Sendable, CaseIterable {
    /// Nothing due today and nothing overdue.
    case ok
    /// Follow-ups due today, none overdue.
    case due
    /// At least one follow-up overdue.
    case overdue

    /// The level of `summary`: `overdue` if any is overdue, else `due` if any is due today, else `ok`.
    public init(_ summary: StatusSummary) {
        if summary.overdue > 0 {
            self = .overdue
        } else if summary.dueToday > 0 {
            self = .due
        } else {
            self = .ok
        }
    }

    /// The i3blocks colour (`#RRGGBB`): green, amber, red.
    public var colour: String {
        switch self {
        case .ok: "#50FA7B"
        case .due: "#FFB86C"
        case .overdue: "#FF5555"
        }
    }
}
