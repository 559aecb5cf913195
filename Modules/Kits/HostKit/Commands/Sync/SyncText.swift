import Foundation
import StrataContainer
import StrataCrossCutting
import StrataJournal
import StrataPresentation
import StrataSession
import StrataSync

/// How `account` and `sync` print sessions, statuses and reports: pure functions.
enum SyncText {
    /// `Signed in as sigrid (user u1); group nurses (lead).` (in Japanese under a `ja` locale).
    static func signedIn(_ info: AuthInfo) -> String {
        let groups = info.groups.map { "\($0.groupName) (\($0.roleName))" }.joined(separator: ", ")
        return localized(
            "Signed in as \(info.account) (user \(info.userID))" + (groups.isEmpty ? "." : "; group \(groups)."),
            ja: "\(info.account)（ユーザー \(info.userID)）としてサインインしました" + (groups.isEmpty ? "。" : "。グループ: \(groups)。"))
    }

    /// Labelled lines: the session, then the sync status.
    static func account(_ info: AuthInfo?, _ status: SyncStatus?) -> String {
        var lines: [(String, String)] = []
        if let info {
            lines.append((localized("account", ja: "アカウント"), info.account))
            lines.append((localized("user id", ja: "ユーザー ID"), info.userID))
            let groups = info.groups.map { "\($0.groupName) (\($0.roleName))" }.joined(separator: ", ")
            lines.append((localized("groups", ja: "グループ"), groups.isEmpty ? localized("none", ja: "なし") : groups))
            lines.append((localized("session valid until", ja: "セッションの有効期限"), DayText.instant(sessionEnd(info))))
        } else {
            lines.append((localized("account", ja: "アカウント"), localized("not signed in", ja: "サインインしていません")))
        }
        let sync = status ?? .notConfigured
        // A password in a URL (the server's, or one the last error names) is never shown.
        lines.append((
            localized("server", ja: "サーバー"),
            sync.server.map(CredentialMask.masked)
                ?? localized("none (set STRATA_SERVER_URL)", ja: "なし（STRATA_SERVER_URL を設定してください）")))
        lines.append((localized("connectivity", ja: "接続"), sync.connectivity.text))
        lines.append((localized("pending changes", ja: "保留中の変更"), String(sync.pendingCount)))
        lines.append((localized("rejected changes", ja: "却下された変更"), String(sync.rejectedCount)))
        lines.append((localized("last sync", ja: "最終同期"), sync.lastSyncAt.map(DayText.instant) ?? localized("never", ja: "未同期")))
        if let error = sync.lastError {
            lines.append((
                localized("last error", ja: "最後のエラー"),
                CredentialMask.masked(error) + (sync.lastErrorAt.map { " (\(DayText.instant($0)))" } ?? "")))
        }
        return TextTable.labelled(lines)
    }

    /// When the session ends on this device's clock: the login's local time plus the token's
    /// lifetime (`AuthInfo.localExpiry`), or the server's `validUntil` when that is unknown.
    static func sessionEnd(_ info: AuthInfo) -> Date {
        guard let local = info.localExpiry, local != .distantFuture else { return info.validUntil }
        return local
    }

    /// One JSON object: `{"signedIn", "account", "userID", "groups", "validUntil", "sync": {…}}`
    /// (`sync` is ``SyncStatusJSON``, the object `strata-status --format json` prints too).
    static func accountJSON(_ info: AuthInfo?, _ status: SyncStatus?) -> String {
        JSONLine.encode(AccountJSON(info: info, sync: status ?? .notConfigured))
    }

    /// `Pushed 1 change (0 rejected); pulled 2 objects (CaseReport 2); 0 kept local.`, then a
    /// line for a server reset or a revocation, one per object with conflicts, and how many
    /// conflicts the types' own rules settled.
    static func report(_ report: SyncReport) -> String {
        let pulled = report.pulled.filter { $0.value > 0 }.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }
        let detail = pulled.isEmpty ? "" : " (\(pulled.joined(separator: ", ")))"
        return localized(
            "Pushed \(counted(report.pushed, "change")) (\(report.rejected) rejected); "
                + "pulled \(counted(report.pulledCount, "object"))\(detail); \(report.keptLocal) kept local.",
            ja: "送信 \(report.pushed)件（却下 \(report.rejected)件）、受信 \(report.pulledCount)件\(detail)、"
                + "ローカル優先 \(report.keptLocal)件。") + (report.serverReset.map { "\n" + serverReset($0) } ?? "")
            + (report.revocation.map { "\n" + revocation($0) } ?? "")
            + conflictLines(report.conflicts).map { "\n" + $0 }.joined()
            + (report.resolved > 0 ? "\n" + resolvedLine(report.resolved) : "")
    }

    /// `the server was restored from a backup: re-pulled 3 objects and re-sent 2 changes`.
    static func serverReset(_ reset: ServerReset) -> String {
        localized(
            reset.line,
            ja: "サーバーがバックアップから復元されました: \(reset.repulled)件を受信し直し、\(reset.resent)件の変更を再送しました"
                + (reset.removed > 0 ? "。サーバーにない他のユーザーのオブジェクト \(reset.removed)件を削除しました" : ""))
    }

    /// `this account no longer sees some objects (its groups changed on the server): removed 3 objects`.
    static func revocation(_ revocation: Revocation) -> String {
        localized(
            revocation.line,
            ja: "このアカウントからは見えなくなったオブジェクトがあります（サーバーでグループが変わりました）: \(revocation.removed)件を削除しました"
                + (revocation.rejected > 0 ? "。未送信の変更 \(revocation.rejected)件は却下一覧に移しました" : ""))
    }

    /// One JSON object: `{"pushed", "rejected", "pulled": {type: n}, "keptLocal", "conflicts": [conflict],
    /// "resolved", "serverReset": {"repulled", "resent", "removed"} or null, "revocation":
    /// {"removed", "rejected"} or null, "startedAt", "finishedAt"}` (each conflict as
    /// `sync conflicts --json` prints it).
    static func reportJSON(_ report: SyncReport) -> String {
        JSONLine.encode(SyncReportJSON(
            pushed: report.pushed, rejected: report.rejected, pulled: report.pulled, keptLocal: report.keptLocal,
            conflicts: report.conflicts.map(ConflictJSON.init), resolved: report.resolved,
            serverReset: report.serverReset.map { .init(repulled: $0.repulled, resent: $0.resent, removed: $0.removed) },
            revocation: report.revocation.map { .init(removed: $0.removed, rejected: $0.rejected) },
            startedAt: DayText.instant(report.startedAt), finishedAt: DayText.instant(report.finishedAt)))
    }

    private static func counted(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }
}

/// `account status --json`.
private struct AccountJSON: Encodable {
    struct Group: Encodable {
        var id: String
        var name: String
        var role: String
    }

    var signedIn: Bool
    var account: String?
    var userID: String?
    var groups: [Group]
    var validUntil: String?
    var sync: SyncStatusJSON

    init(info: AuthInfo?, sync: SyncStatus) {
        signedIn = info != nil
        account = info?.account
        userID = info?.userID
        groups = info?.groups.map { Group(id: $0.groupID, name: $0.groupName, role: $0.roleName) } ?? []
        validUntil = info.map { DayText.instant(SyncText.sessionEnd($0)) }
        self.sync = SyncStatusJSON(sync)
    }
}

/// `sync --json`.
private struct SyncReportJSON: Encodable {
    var pushed: Int
    var rejected: Int
    var pulled: [String: Int]
    var keptLocal: Int
    struct Reset: Encodable {
        var repulled: Int
        var resent: Int
        var removed: Int
    }

    struct Removal: Encodable {
        var removed: Int
        var rejected: Int
    }

    var conflicts: [ConflictJSON]
    var resolved: Int
    var serverReset: Reset?
    var revocation: Removal?
    var startedAt: String
    var finishedAt: String

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(pushed, forKey: .pushed)
        try container.encode(rejected, forKey: .rejected)
        try container.encode(pulled, forKey: .pulled)
        try container.encode(keptLocal, forKey: .keptLocal)
        try container.encode(conflicts, forKey: .conflicts)
        try container.encode(resolved, forKey: .resolved)
        try container.encode(serverReset, forKey: .serverReset)  // null when none: the key is always there
        try container.encode(revocation, forKey: .revocation)
        try container.encode(startedAt, forKey: .startedAt)
        try container.encode(finishedAt, forKey: .finishedAt)
    }

    private enum Key: String, CodingKey {
        case pushed, rejected, pulled, keptLocal, conflicts, resolved, serverReset, revocation, startedAt, finishedAt
    }
}
