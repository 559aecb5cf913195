/// How `strata-status` prints the summary.
public enum StatusFormat: String, Sendable, CaseIterable {
    /// Labelled lines for people.
    case text
    /// One JSON object: `reports`, `dueToday`, `overdue`, `unreadNotifications`, `store`.
    case json
    /// One JSON line for waybar's custom module: `text`, `tooltip`, `class`.
    case waybar
    /// Three lines for i3blocks: full text, short text, colour.
    case i3blocks
}
