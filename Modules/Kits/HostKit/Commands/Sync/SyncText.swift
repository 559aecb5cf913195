import Foundation
import StrataContainer
import StrataCrossCutting
import StrataData
import StrataPresentation
import StrataSync

/// How `account` and `sync` print sessions, statuses and reports: pure functions.
enum SyncText {
    /// `Signed in as sigrid (user u1); group nurses (lead).`
    static func signedIn(_ info: AuthInfo) -> String {
        let groups = info.groups.map { "\($0.groupName) (\($0.roleName))" }.joined(separator: ", ")
        return "Signed in as \(info.account) (user \(info.userID))" + (groups.isEmpty ? "." : "; group \(groups).")
    }

    /// Labelled lines: the session, then the sync status.
    static func account(_ info: AuthInfo?, _ status: SyncStatus?) -> String {
        var lines: [(String, String)] = []
        if let info {
            lines.append(("account", info.account))
            lines.append(("user id", info.userID))
            let groups = info.groups.map { "\($0.groupName) (\($0.roleName))" }.joined(separator: ", ")
            lines.append(("groups", groups.isEmpty ? "none" : groups))
            lines.append(("session valid until", DayText.instant(info.validUntil)))
        } else {
            lines.append(("account", "not signed in"))
        }
        let sync = status.map(StatusSync.init) ?? .notConfigured
        lines.append(("server", sync.server ?? "none (set STRATA_SERVER_URL)"))
        lines.append(("connectivity", sync.connectivity.text))
        lines.append(("pending changes", String(sync.pending)))
        lines.append(("rejected changes", String(sync.rejected)))
        lines.append(("last sync", sync.lastSyncAt.map(DayText.instant) ?? "never"))
        if let error = sync.lastError {
            lines.append(("last error", error + (sync.lastErrorAt.map { " (\(DayText.instant($0)))" } ?? "")))
        }
        return TextTable.labelled(lines)
    }

    /// One JSON object: `{"signedIn", "account", "userID", "groups", "validUntil", "sync": {…}}`
    /// (`sync` is ``SyncStatusJSON``, the object `strata-status --format json` prints too).
    static func accountJSON(_ info: AuthInfo?, _ status: SyncStatus?) -> String {
        JSONLine.encode(AccountJSON(info: info, sync: status.map(StatusSync.init) ?? .notConfigured))
    }

    /// `Pushed 1 change (0 rejected); pulled 2 objects (CaseReport 2); 0 kept local.`
    static func report(_ report: SyncReport) -> String {
        let pulled = report.pulled.filter { $0.value > 0 }.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }
        return "Pushed \(counted(report.pushed, "change")) (\(report.rejected) rejected); "
            + "pulled \(counted(report.pulledCount, "object"))"
            + (pulled.isEmpty ? "" : " (\(pulled.joined(separator: ", ")))")
            + "; \(report.keptLocal) kept local."
    }

    /// One JSON object: `{"pushed", "rejected", "pulled": {type: n}, "keptLocal", "startedAt", "finishedAt"}`.
    static func reportJSON(_ report: SyncReport) -> String {
        JSONLine.encode(SyncReportJSON(
            pushed: report.pushed, rejected: report.rejected, pulled: report.pulled, keptLocal: report.keptLocal,
            startedAt: DayText.instant(report.startedAt), finishedAt: DayText.instant(report.finishedAt)))
    }

    private static func counted(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }
}

extension StatusSync {
    /// The facts a person is shown of the engine's `status` (the same connectivity names).
    init(_ status: SyncStatus) {
        self.init(
            connectivity: Connectivity(rawValue: status.connectivity.rawValue) ?? .unknown, server: status.server,
            pending: status.pendingCount, rejected: status.rejectedCount, lastSyncAt: status.lastSyncAt,
            lastError: status.lastError, lastErrorAt: status.lastErrorAt)
    }
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

    init(info: AuthInfo?, sync: StatusSync) {
        signedIn = info != nil
        account = info?.account
        userID = info?.userID
        groups = info?.groups.map { Group(id: $0.groupID, name: $0.groupName, role: $0.roleName) } ?? []
        validUntil = info.map { DayText.instant($0.validUntil) }
        self.sync = SyncStatusJSON(sync)
    }
}

/// `sync --json`.
private struct SyncReportJSON: Encodable {
    var pushed: Int
    var rejected: Int
    var pulled: [String: Int]
    var keptLocal: Int
    var startedAt: String
    var finishedAt: String
}
