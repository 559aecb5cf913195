import Foundation
import StrataContainer
import StrataCrossCutting
import StrataJournal
import StrataPresentation
import StrataSession
import StrataStore
import StrataSync

/// What the Account micro-app prints: pure functions of the session service's answers.
enum AccountText {
    /// The user and the sync status as labelled lines, then the rejected changes (when the
    /// server refused any), numbered, with what can be done about them.
    static func status(user: SessionUser?, state: SyncStatus, rejected: [Change] = []) -> [String] {
        var lines: [(String, String)] = []
        if let user {
            lines.append(("signed in as", "\(user.account) (user \(user.userID))"))
            lines.append(("groups", user.groupsText))
            lines.append(("roles", user.roles.isEmpty ? "none" : user.roles.joined(separator: ", ")))
        } else {
            lines.append(("signed in as", "nobody"))
        }
        // Whatever backend answered, a password in a URL is never shown.
        lines.append(("server", state.server.map(CredentialMask.masked) ?? "none (set STRATA_SERVER_URL to sign in and sync)"))
        lines.append(("connectivity", state.connectivity.text))
        lines.append(("pending changes", String(state.pendingCount)))
        lines.append(("rejected changes", String(state.rejectedCount)))
        lines.append(("last sync", state.lastSyncAt.map(DayText.instant) ?? "never"))
        if let error = state.lastError { lines.append(("last error", CredentialMask.masked(error))) }
        return [TextTable.labelled(lines)] + rejectedChanges(rejected)
    }

    // MARK: - The data key

    /// "Data key: Secret Service" / "Data key: key file PATH", with why it is there in a few
    /// words when the store recorded it (`strata-host store key` gives the keyring's reason);
    /// with no key yet, where a new one goes.
    static func dataKey(_ report: DataKeyReport) -> String {
        let location = TerminalText.escaped(report.location)
        let because = report.choice.map { choice in
            let why = TerminalText.escaped(choice.brief)
            return localized(" (\(why))", ja: "（\(why)）")
        } ?? ""
        switch report.kind {
        case .secretService:
            return localized("Data key: Secret Service\(because)", ja: "データキー: Secret Service\(because)")
        case .file:
            return localized("Data key: key file \(location)\(because)", ja: "データキー: 鍵ファイル \(location)\(because)")
        case nil:
            return localized(
                "Data key: not made yet (a new one goes to \(location))", ja: "データキー: まだありません（新しいキーは \(location) に置かれます）")
        }
    }

    /// The data key line when its place cannot be read.
    static func dataKeyUnknown(_ error: any Error) -> String {
        localized(
            "Data key: cannot say where it is (\(ErrorText.readable(error)))",
            ja: "データキー: 保存先を確認できません（\(ErrorText.readable(error))）")
    }

    // MARK: - Rejected changes

    /// The changes the server refused as a numbered table (type, object, operation, when, the
    /// change's id, the server's reason in full, last) and the two actions; nothing when there
    /// are none.
    static func rejectedChanges(_ changes: [Change]) -> [String] {
        guard !changes.isEmpty else { return [] }
        var table = TextTable(
            headers: [
                "#", localized("TYPE", ja: "種類"), localized("OBJECT", ja: "オブジェクト"), localized("OPERATION", ja: "操作"),
                localized("WHEN", ja: "日時"), "ID", localized("REASON", ja: "理由"),
            ],
            alignments: [.right])
        table.rows = changes.enumerated().map { index, change in
            [
                String(index + 1), change.typeName, change.objectID, SyncFactsText.operationName(change.operation),
                DayText.instant(change.createdAt), change.operationID, change.reason ?? "",
            ]
        }
        return [
            "",
            localized(
                "The server refused \(counted(changes.count, "change")):",
                ja: "サーバーが \(changes.count) 件の変更を拒否しました:"),
            table.render(),
            localized(
                "retry N sends one again (with your edits since); discard N drops it and brings the server's version back.",
                ja: "retry N で（その後の編集も含めて）再送し、discard N で破棄してサーバーの版に戻します。"),
        ]
    }

    /// After `retry`.
    static func retried(_ change: Change) -> String {
        localized(
            "Queued the \(SyncFactsText.operationName(change.operation)) of \(change.typeName) \(change.objectID) "
                + "to be sent again at the next sync.",
            ja: "\(change.typeName) \(change.objectID) の\(SyncFactsText.operationName(change.operation))を次の同期で再送します。")
    }

    /// After `discard`: a refused insert's object is gone; otherwise the server's version comes back.
    static func discarded(_ change: Change) -> String {
        if change.operation == .insert {
            return localized(
                "Discarded the new \(change.typeName) \(change.objectID): it is removed from this device.",
                ja: "新しい \(change.typeName) \(change.objectID) を破棄し、この端末から削除しました。")
        }
        return localized(
            "Discarded the \(SyncFactsText.operationName(change.operation)) of \(change.typeName) \(change.objectID); "
                + "the server's version comes back at the next sync.",
            ja: "\(change.typeName) \(change.objectID) の\(SyncFactsText.operationName(change.operation))を破棄しました。次の同期でサーバーの版に戻ります。")
    }

    /// `retry` or `discard` without a change.
    static func whichChange(_ verb: String, count: Int) -> String {
        count == 0
            ? localized("No rejected changes to \(verb).", ja: "\(verb) する拒否された変更はありません。")
            : localized(
                "Type \(verb) N (1–\(count)) or \(verb) ID: which rejected change?",
                ja: "\(verb) N（1〜\(count)）または \(verb) ID で変更を指定してください。")
    }

    /// A failed `retry` or `discard`, with the reason.
    static func actionFailed(_ verb: String, _ error: any Error) -> String {
        localized("Cannot \(verb): \(ErrorText.readable(error))", ja: "\(verb) できません: \(ErrorText.readable(error))")
    }

    // MARK: - Conflicts

    /// The open conflicts as a numbered table (type, object, what happened, fields, mine →
    /// theirs, by whom, the id, last) and the two actions; nothing when there are none.
    static func conflicts(_ conflicts: [SyncConflict]) -> [String] {
        guard !conflicts.isEmpty else { return [] }
        var table = TextTable(
            headers: [
                "#", localized("TYPE", ja: "種類"), localized("OBJECT", ja: "オブジェクト"), localized("WHAT", ja: "内容"),
                localized("FIELDS", ja: "フィールド"), localized("MINE → THEIRS", ja: "自分 → 相手"), localized("BY", ja: "相手"), "ID",
            ],
            alignments: [.right])
        table.rows = conflicts.enumerated().map { index, conflict in
            [
                String(index + 1), conflict.typeName, conflict.objectID, SyncFactsText.kindName(conflict.kind),
                conflict.fields.joined(separator: ", "), values(conflict.mine, of: conflict) + " → " + values(conflict.theirs, of: conflict),
                conflict.byAccount ?? "?", conflict.id,
            ]
        }
        return [
            "",
            localized(
                "\(counted(conflicts.count, "write")) of yours met another user's:",
                ja: "他のユーザーの書き込みと競合したあなたの書き込みが \(conflicts.count) 件あります:"),
            table.render(),
            localized(
                "keep-mine N sends your values again at the next sync; keep-theirs N keeps theirs.",
                ja: "keep-mine N で自分の値を次の同期で再送し、keep-theirs N で相手の値にします。"),
        ]
    }

    /// After `keep-mine` or `keep-theirs`.
    static func settled(_ conflict: SyncConflict, keepMine: Bool) -> String {
        let what = "\(conflict.typeName) \(conflict.objectID)"
        let fields = conflict.fields.joined(separator: ", ")
        if keepMine {
            return localized(
                "Kept your \(fields) of \(what) (\(values(conflict.mine, of: conflict))): sent again at the next sync.",
                ja: "\(what) の \(fields) を自分の値（\(values(conflict.mine, of: conflict))）にしました。次の同期で再送します。")
        }
        return localized(
            "Took \(conflict.byAccount.map { "\($0)'s" } ?? "the server's") \(fields) of \(what) (\(values(conflict.theirs, of: conflict))).",
            ja: "\(what) の \(fields) を\(conflict.byAccount.map { "\($0) の" } ?? "サーバーの")値（\(values(conflict.theirs, of: conflict))）にしました。")
    }

    /// `keep-mine` or `keep-theirs` without a conflict.
    static func whichConflict(_ verb: String, count: Int) -> String {
        count == 0
            ? localized("No conflicts to \(verb).", ja: "\(verb) する競合はありません。")
            : localized(
                "Type \(verb) N (1–\(count)) or \(verb) ID: which conflict?",
                ja: "\(verb) N（1〜\(count)）または \(verb) ID で競合を指定してください。")
    }

    /// The values of the conflict's fields (mine or theirs) as people read them, comma separated.
    private static func values(_ values: [String: FieldValue], of conflict: SyncConflict) -> String {
        SyncFactsText.values(conflict.fields, values, type: conflict.typeName)
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

    /// `Synced: sent 2 changes (0 rejected), pulled 3 objects, 0 kept local.`, then the conflicts
    /// found (listed below) and settled by the types' rules, when any.
    static func synced(_ summary: SyncReport) -> String {
        var text = "Synced: sent \(counted(summary.pushed, "change")) (\(summary.rejected) rejected), "
            + "pulled \(counted(summary.pulledCount, "object")), \(summary.keptLocal) kept local."
        if !summary.conflicts.isEmpty {
            text += localized(
                " \(counted(summary.conflicts.count, "write")) of yours met another user's: see below.",
                ja: " 他のユーザーの書き込みと競合したあなたの書き込みが \(summary.conflicts.count) 件あります（下記）。")
        }
        if summary.resolved > 0 {
            text += localized(
                " \(summary.resolved) settled by the type's own rule.", ja: " \(summary.resolved) 件は型の規則で解決しました。")
        }
        return text
    }

    /// `1 change`, `2 changes`.
    static func counted(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }
}
