import Foundation
import StrataContainer
import StrataCrossCutting
import StrataJournal
import StrataPresentation

/// How `sync rejected`, `sync retry` and `sync discard` print: pure functions.
extension SyncText {
    /// What a change id is, for messages.
    static var changeID: String {
        localized(
            "a change id as 'strata-host sync rejected' lists it, or an unambiguous start of it",
            ja: "'strata-host sync rejected' が表示する変更の ID、またはその一意に決まる先頭部分")
    }

    /// The rejected changes as a table (id, type, object, operation, when, reason) and how to
    /// act on them, or one line saying there are none.
    static func rejected(_ changes: [Change]) -> String {
        guard !changes.isEmpty else {
            return localized("No rejected changes: the server took every change it was sent.", ja: "拒否された変更はありません。")
        }
        var table = TextTable(
            headers: [
                "ID", localized("TYPE", ja: "種類"), localized("OBJECT", ja: "オブジェクト"),
                localized("OPERATION", ja: "操作"), localized("WHEN", ja: "日時"), localized("REASON", ja: "理由"),
            ])
        table.rows = changes.map { change in
            [
                change.operationID, change.typeName, change.objectID, SyncFactsText.operationName(change.operation),
                DayText.instant(change.createdAt), change.reason ?? "",
            ]
        }
        let count = changes.count
        return table.render() + "\n\n"
            + localized(
                "\(count) \(count == 1 ? "change was" : "changes were") refused. 'strata-host sync retry ID' sends one again "
                    + "(with your edits since); 'strata-host sync discard ID' drops it and brings the server's version back.",
                ja: "\(count) 件の変更が拒否されました。'strata-host sync retry ID' で（その後の編集も含めて）再送し、"
                    + "'strata-host sync discard ID' で破棄してサーバーの版に戻します。")
    }

    /// One JSON array: `[{"id", "type", "objectId", "operation", "createdAt", "reason"}]`.
    static func rejectedJSON(_ changes: [Change]) -> String {
        JSONLine.encode(changes.map(RejectedChangeJSON.init))
    }

    /// `Queued change 0193… (update CaseReport eb65…) to be sent again at the next sync.`
    static func retried(_ change: Change) -> String {
        localized(
            "Queued change \(change.operationID) (\(SyncFactsText.operationName(change.operation)) \(change.typeName) \(change.objectID)) "
                + "to be sent again, with the edits since, at the next sync.",
            ja: "変更 \(change.operationID)（\(change.typeName) \(change.objectID) の\(SyncFactsText.operationName(change.operation))）を、"
                + "その後の編集も含めて次の同期で再送します。")
    }

    /// What a discard did, and what the next sync brings back.
    static func discarded(_ change: Change) -> String {
        let what = "\(SyncFactsText.operationName(change.operation)) \(change.typeName) \(change.objectID)"
        if change.operation == .insert {
            return localized(
                "Discarded change \(change.operationID) (\(what)): the new \(change.typeName) is removed from this device.",
                ja: "変更 \(change.operationID)（\(change.typeName) \(change.objectID) の\(SyncFactsText.operationName(change.operation))）を破棄し、"
                    + "新しい \(change.typeName) をこの端末から削除しました。")
        }
        return localized(
            "Discarded change \(change.operationID) (\(what)); the server's version comes back at the next sync.",
            ja: "変更 \(change.operationID)（\(change.typeName) \(change.objectID) の\(SyncFactsText.operationName(change.operation))）を破棄しました。"
                + "次の同期でサーバーの版に戻ります。")
    }
}

/// `sync rejected --json`: one change (the operation's raw name, whatever the language).
private struct RejectedChangeJSON: Encodable {
    var id: String
    var type: String
    var objectId: String
    var operation: String
    var createdAt: String
    var reason: String?

    init(_ change: Change) {
        id = change.operationID
        type = change.typeName
        objectId = change.objectID
        operation = change.operation.rawValue
        createdAt = DayText.instant(change.createdAt)
        reason = change.reason
    }
}
