import StrataCrossCutting

/// What the status line of a full-screen terminal says: who is signed in, the changes waiting
/// to be sent and those the server refused, and the latest warning.
///
/// A ``StatusLineSource`` makes it; the container draws ``text`` on the top line of the
/// screen (reverse video on a terminal), e.g. `user sigrid · 2 pending · 1 rejected · ⚠ …`.
public struct StatusLine: Sendable, Hashable {
    /// The name a host registers its ``StatusLineSource`` under.
    public static let serviceName = "statusLine"

    /// The signed-in account, or `nil`: nobody is signed in.
    public var user: String?
    /// Changes made here and not yet accepted by the server.
    public var pendingChanges: Int
    /// Changes the server refused, kept until retried or discarded.
    public var rejectedChanges: Int
    /// The latest warning in words a person reads (an unreachable server), or `nil`.
    public var warning: String?

    /// A status with every field given.
    public init(user: String?, pendingChanges: Int = 0, rejectedChanges: Int = 0, warning: String? = nil) {
        self.user = user
        self.pendingChanges = pendingChanges
        self.rejectedChanges = rejectedChanges
        self.warning = warning
    }

    /// What the line's colour says: ``ScreenTone/offline`` while there is a warning (the
    /// server cannot be reached, the last sync failed), else `nil`.
    public var tone: ScreenTone? { warning == nil ? nil : .offline }

    /// The line: `user NAME` (or `not signed in`), the counts, and the warning, e.g.
    /// `user sigrid · 2 pending · 0 rejected · ⚠ http://…: cannot connect`.
    public var text: String {
        var parts = [
            user.map { localized("user \($0)", ja: "ユーザー \($0)") }
                ?? localized("not signed in", ja: "未サインイン"),
            localized("\(pendingChanges) pending", ja: "未送信 \(pendingChanges)"),
            localized("\(rejectedChanges) rejected", ja: "拒否 \(rejectedChanges)"),
        ]
        if let warning { parts.append("⚠ " + FailureLine.singleLine(warning)) }
        return parts.joined(separator: " · ")
    }
}
