import Foundation
import StrataContainer
import StrataCrossCutting
import StrataJournal
import StrataPresentation
import StrataStore

/// How `sync` reports conflicts and `sync conflicts` lists and settles them: pure functions.
extension SyncText {
    /// One line per object with conflicts (in the order first met), e.g.
    /// `CaseReport 3f2a…: your age (50) was replaced by carol's (51); keep yours: strata-host sync conflicts keep-mine ID`.
    static func conflictLines(_ conflicts: [SyncConflict]) -> [String] {
        var order: [String] = []
        var byObject: [String: [SyncConflict]] = [:]
        for conflict in conflicts {
            let key = "\(conflict.typeName)\u{0}\(conflict.objectID)"
            if byObject[key] == nil { order.append(key) }
            byObject[key, default: []].append(conflict)
        }
        return order.compactMap { byObject[$0] }.map(objectLine)
    }

    /// The line of one object's conflicts (several: the first's wording, every field, and the
    /// list command to act on each).
    private static func objectLine(_ conflicts: [SyncConflict]) -> String {
        let first = conflicts[0]
        let fields = conflicts.flatMap(\.fields).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
        let mine = conflicts.reduce(into: [String: FieldValue]()) { $0.merge($1.mine) { old, _ in old } }
        let theirs = conflicts.reduce(into: [String: FieldValue]()) { $0.merge($1.theirs) { _, new in new } }
        let who = first.byAccount
        let names = fields.joined(separator: ", ")
        let mineText = SyncFactsText.values(fields, mine, type: first.typeName)
        let theirsText = SyncFactsText.values(fields, theirs, type: first.typeName)
        let act: String
        if conflicts.count == 1 {
            act = first.kind == .overwritten
                ? localized(
                    "keep yours: strata-host sync conflicts keep-mine \(first.id)",
                    ja: "自分の値を残すには: strata-host sync conflicts keep-mine \(first.id)")
                : localized(
                    "keep yours: strata-host sync conflicts keep-mine \(first.id), or take theirs: keep-theirs \(first.id)",
                    ja: "自分の値を残すには: strata-host sync conflicts keep-mine \(first.id)、相手の値にするには: keep-theirs \(first.id)")
        } else {
            act = localized(
                "\(conflicts.count) conflicts: see strata-host sync conflicts",
                ja: "競合 \(conflicts.count) 件: strata-host sync conflicts を参照")
        }
        let head = "\(first.typeName) \(first.objectID): "
        switch first.kind {
        case .overwritten:
            let other = who.map { localized("\($0)'s", ja: "\($0) の値") } ?? localized("another user's", ja: "他のユーザーの値")
            return head
                + localized(
                    "your \(names) (\(mineText)) \(fields.count == 1 ? "was" : "were") replaced by \(other) (\(theirsText)); \(act)",
                    ja: "あなたの \(names)（\(mineText)）は \(other)（\(theirsText)）で上書きされました。\(act)")
        case .refused:
            let other = who ?? localized("another user", ja: "他のユーザー")
            return head
                + localized(
                    "your change to \(names) was refused: \(other) changed \(fields.count == 1 ? "it" : "them") "
                        + "since your copy (now \(theirsText)); \(act)",
                    ja: "あなたの \(names) の変更は拒否されました。あなたのコピーの後に \(other) が変更しています（現在 \(theirsText)）。\(act)")
        }
    }

    /// `N conflicts settled by their type's rule and sent again.`
    static func resolvedLine(_ count: Int) -> String {
        localized(
            "\(count) \(count == 1 ? "conflict was" : "conflicts were") settled by the type's own rule and sent again.",
            ja: "競合 \(count) 件を型の規則で解決し、再送しました。")
    }

    /// The open conflicts as a table (type, object, kind, fields, mine → theirs, by, id) and how
    /// to settle them, or one line saying there are none.
    static func conflicts(_ conflicts: [SyncConflict]) -> String {
        guard !conflicts.isEmpty else {
            return localized(
                "No conflicts: no write of this device met another user's.", ja: "競合はありません。")
        }
        var table = TextTable(
            headers: [
                localized("TYPE", ja: "種類"), localized("OBJECT", ja: "オブジェクト"), localized("WHAT", ja: "内容"),
                localized("FIELDS", ja: "フィールド"), localized("MINE → THEIRS", ja: "自分 → 相手"), localized("BY", ja: "相手"), "ID",
            ])
        table.rows = conflicts.map { conflict in
            [
                conflict.typeName, shortID(conflict.objectID), SyncFactsText.kindName(conflict.kind),
                conflict.fields.joined(separator: ", "),
                SyncFactsText.values(conflict.fields, conflict.mine, type: conflict.typeName) + " → "
                    + SyncFactsText.values(conflict.fields, conflict.theirs, type: conflict.typeName),
                conflict.byAccount ?? "?", conflict.id,
            ]
        }
        let count = conflicts.count
        return table.render() + "\n\n"
            + localized(
                "\(count) \(count == 1 ? "conflict waits" : "conflicts wait"). 'strata-host sync conflicts keep-mine ID' sends "
                    + "your values again at the next sync; 'strata-host sync conflicts keep-theirs ID' takes theirs.",
                ja: "\(count) 件の競合があります。'strata-host sync conflicts keep-mine ID' で自分の値を次の同期で再送し、"
                    + "'strata-host sync conflicts keep-theirs ID' で相手の値にします。")
    }

    /// One JSON array: `[{"id", "kind", "type", "objectId", "fields", "mine", "theirs", "byAccount", "serverVersion", "detectedAt"}]`.
    static func conflictsJSON(_ conflicts: [SyncConflict]) -> String {
        JSONLine.encode(conflicts.map(ConflictJSON.init))
    }

    /// After `keep-mine` / `keep-theirs`.
    static func settled(_ conflict: SyncConflict, keepMine: Bool) -> String {
        let what = "\(conflict.typeName) \(conflict.objectID)"
        let fields = conflict.fields.joined(separator: ", ")
        if keepMine {
            return localized(
                "Kept your \(fields) of \(what) (\(SyncFactsText.values(conflict.fields, conflict.mine, type: conflict.typeName))): "
                    + "sent again at the next sync.",
                ja: "\(what) の \(fields) を自分の値（\(SyncFactsText.values(conflict.fields, conflict.mine, type: conflict.typeName))）に"
                    + "しました。次の同期で再送します。")
        }
        return localized(
            "Took \(conflict.byAccount.map { "\($0)'s" } ?? "the server's") \(fields) of \(what) "
                + "(\(SyncFactsText.values(conflict.fields, conflict.theirs, type: conflict.typeName))).",
            ja: "\(what) の \(fields) を\(conflict.byAccount.map { "\($0) の" } ?? "サーバーの")値"
                + "（\(SyncFactsText.values(conflict.fields, conflict.theirs, type: conflict.typeName))）にしました。")
    }

    /// After `keep-mine` / `keep-theirs` of a conflict whose stored values could not be read
    /// (only keep-theirs gets here: it is forgotten).
    static func forgotUnreadable(_ id: String) -> String {
        localized(
            "Forgot the conflict \(id), whose stored values could not be read; the object keeps the server's values.",
            ja: "保存内容を読めない競合 \(id) を取り消しました。オブジェクトはサーバーの値のままです。")
    }

    /// What a conflict id is, for messages.
    static var conflictID: String {
        localized(
            "a conflict id as 'strata-host sync conflicts' lists it, or an unambiguous start of it (8 characters or more)",
            ja: "'strata-host sync conflicts' が表示する競合の ID、またはその一意に決まる先頭部分（8 文字以上）")
    }

    /// An object id shortened for a table (`3f2a9c01…0007`); ids of 16 characters or fewer whole.
    static func shortID(_ id: String) -> String {
        id.count > 16 ? "\(id.prefix(8))…\(id.suffix(4))" : id
    }
}

/// `sync conflicts --json` (and each of `sync --json`'s conflicts): one conflict, values as JSON values.
struct ConflictJSON: Encodable {
    var id: String
    var kind: String
    var type: String
    var objectId: String
    var fields: [String]
    var mine: [String: JSONFieldValue]
    var theirs: [String: JSONFieldValue]
    var byAccount: String?
    var serverVersion: Int64
    var detectedAt: String

    init(_ conflict: SyncConflict) {
        id = conflict.id
        kind = conflict.kind.rawValue
        type = conflict.typeName
        objectId = conflict.objectID
        fields = conflict.fields
        mine = conflict.mine.mapValues(JSONFieldValue.init)
        theirs = conflict.theirs.mapValues(JSONFieldValue.init)
        byAccount = conflict.byAccount
        serverVersion = conflict.serverVersion
        detectedAt = DayText.instant(conflict.detectedAt)
    }
}

/// A stored value as JSON: null, a number, a string (bytes as base64).
struct JSONFieldValue: Encodable {
    let value: FieldValue

    init(_ value: FieldValue) { self.value = value }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch value {
        case .null: try container.encodeNil()
        case .integer(let number): try container.encode(number)
        case .real(let number): try container.encode(number)
        case .text(let text): try container.encode(text)
        case .blob(let bytes): try container.encode(Data(bytes).base64EncodedString())
        }
    }
}
