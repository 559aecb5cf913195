import Foundation
import StrataContainer
import StrataCrossCutting

/// What the Account micro-app prints: pure functions of the session service's answers.
enum AccountText {
    /// The user and the sync status as labelled lines, then the rejected changes' place.
    static func status(user: SessionUser?, state: SessionSyncState) -> [String] {
        var lines: [(String, String)] = []
        if let user {
            lines.append(("signed in as", "\(user.account) (user \(user.userID))"))
            lines.append(("groups", user.groupsText))
            lines.append(("roles", user.roles.isEmpty ? "none" : user.roles.joined(separator: ", ")))
        } else {
            lines.append(("signed in as", "nobody"))
        }
        lines.append(("server", state.server ?? "none (set STRATA_SERVER_URL to sign in and sync)"))
        lines.append(("connectivity", state.connectivity))
        lines.append(("pending changes", String(state.pendingChanges)))
        lines.append(("rejected changes", String(state.rejectedChanges)))
        lines.append(("last sync", state.lastSyncAt.map(DayText.instant) ?? "never"))
        if let error = state.lastError { lines.append(("last error", error)) }
        return [TextTable.labelled(lines)] + rejectedChanges(state)
    }

    // MARK: - Rejected changes (placeholder)

    /// REJECTED CHANGES GO HERE. The list of the changes the server refused (type, object,
    /// operation, when, the server's reason, with `retry ID` / `discard ID`) belongs on this
    /// screen, under the status; it comes with `strata-host sync rejected`. Until then the
    /// screen only counts them and names the command line.
    static func rejectedChanges(_ state: SessionSyncState) -> [String] {
        guard state.rejectedChanges > 0 else { return [] }
        return ["", "The server refused \(counted(state.rejectedChanges, "change")); listing them here is not available yet."]
    }

    // MARK: - Outcomes

    /// `Signed in as sigrid (user u1); groups: Ward 1 (member).`
    static func signedIn(_ user: SessionUser) -> String {
        "Signed in as \(user.account) (user \(user.userID)); groups: \(user.groupsText)."
    }

    /// What a sign-out did, naming the changes kept on the device.
    static func signedOut(_ outcome: SignOutOutcome) -> String {
        guard let user = outcome.user else { return "Nobody was signed in." }
        if outcome.syncedWithServer {
            return "Signed out \(user.account): every pending change was sent and the server was told."
        }
        guard outcome.keptChanges > 0 else { return "Signed out \(user.account)." }
        return "Signed out \(user.account). \(counted(outcome.keptChanges, "change")) not yet sent "
            + "stay on this device; they are sent when \(user.account) signs in again."
    }

    /// `Synced: sent 2 changes (0 rejected), pulled 3 objects, 0 kept local.`
    static func synced(_ summary: SessionSyncSummary) -> String {
        "Synced: sent \(counted(summary.pushed, "change")) (\(summary.rejected) rejected), "
            + "pulled \(counted(summary.pulled, "object")), \(summary.keptLocal) kept local."
    }

    /// `1 change`, `2 changes`.
    static func counted(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }
}
