import Foundation
import StrataContainer
import StrataCrossCutting
import StrataData
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
            lines.append(("session valid until", timestamp(info.validUntil)))
        } else {
            lines.append(("account", "not signed in"))
        }
        let status = status ?? offlineStatus
        lines.append(("server", status.server ?? "none (set STRATA_SERVER_URL)"))
        lines.append(("connectivity", connectivity(status.connectivity)))
        lines.append(("pending changes", String(status.pendingCount)))
        lines.append(("rejected changes", String(status.rejectedCount)))
        lines.append(("last sync", status.lastSyncAt.map(timestamp) ?? "never"))
        if let error = status.lastError {
            lines.append(("last error", error + (status.lastErrorAt.map { " (\(timestamp($0)))" } ?? "")))
        }
        return TextTable.labelled(lines)
    }

    /// One JSON object: `{"signedIn", "account", "userID", "groups", "validUntil", "sync": {…}}`.
    static func accountJSON(_ info: AuthInfo?, _ status: SyncStatus?) -> String {
        encode(AccountJSON(info: info, status: status ?? offlineStatus))
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
        encode(ReportJSON(
            pushed: report.pushed, rejected: report.rejected, pulled: report.pulled, keptLocal: report.keptLocal,
            startedAt: timestamp(report.startedAt), finishedAt: timestamp(report.finishedAt)))
    }

    /// The status shown when the runtime has no sync engine.
    static let offlineStatus = SyncStatus(
        connectivity: .notConfigured, server: nil, pendingCount: 0, rejectedCount: 0, lastSyncAt: nil, lastError: nil,
        lastErrorAt: nil)

    /// `online`, `offline`, `unknown` or `not configured`.
    static func connectivity(_ value: SyncConnectivity) -> String {
        value == .notConfigured ? "not configured" : value.rawValue
    }

    /// ISO 8601 in UTC, e.g. `2026-11-22T09:30:00Z`.
    static func timestamp(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle())
    }

    private static func counted(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }

    private static func encode(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // These flat structs of strings, integers and dictionaries always encode.
        guard let data = try? encoder.encode(value) else { return "{}" }
        return TerminalText.jsonEscaped(String(decoding: data, as: UTF8.self))
    }
}

/// `account status --json`.
private struct AccountJSON: Encodable {
    struct Group: Encodable {
        var id: String
        var name: String
        var role: String
    }

    struct Sync: Encodable {
        var connectivity: String
        var server: String?
        var pending: Int
        var rejected: Int
        var lastSyncAt: String?
        var lastError: String?
        var lastErrorAt: String?
    }

    var signedIn: Bool
    var account: String?
    var userID: String?
    var groups: [Group]
    var validUntil: String?
    var sync: Sync

    init(info: AuthInfo?, status: SyncStatus) {
        signedIn = info != nil
        account = info?.account
        userID = info?.userID
        groups = info?.groups.map { Group(id: $0.groupID, name: $0.groupName, role: $0.roleName) } ?? []
        validUntil = info.map { SyncText.timestamp($0.validUntil) }
        sync = Sync(
            connectivity: status.connectivity.rawValue, server: status.server, pending: status.pendingCount,
            rejected: status.rejectedCount, lastSyncAt: status.lastSyncAt.map(SyncText.timestamp),
            lastError: status.lastError, lastErrorAt: status.lastErrorAt.map(SyncText.timestamp))
    }
}

/// `sync --json`.
private struct ReportJSON: Encodable {
    var pushed: Int
    var rejected: Int
    var pulled: [String: Int]
    var keptLocal: Int
    var startedAt: String
    var finishedAt: String
}
