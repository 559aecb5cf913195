#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import StrataCrossCutting
import StrataDomain
public import StrataJournal
public import StrataStore

/// The sync facts as people read them, one wording for every host and micro-app that shows
/// them (`strata-host sync`, the Account micro-app): an operation's and a conflict's name, and a
/// conflict's values, in the current `MessageLanguage`.
public enum SyncFactsText {
    /// The operation as people read it: `insert`, `update`, `delete`, `delete all`.
    public static func operationName(_ operation: ChangeOperation) -> String {
        switch operation {
        case .insert: localized("insert", ja: "追加")
        case .update: localized("update", ja: "更新")
        case .delete: localized("delete", ja: "削除")
        case .deleteAll: localized("delete all", ja: "全削除")
        }
    }

    /// `overwritten` / `refused` as people read it: `replaced`, `refused`.
    public static func kindName(_ kind: SyncConflict.Kind) -> String {
        switch kind {
        case .overwritten: localized("replaced", ja: "上書き")
        case .refused: localized("refused", ja: "拒否")
        }
    }

    /// The values of `fields` as people read them (``value(_:type:)``, with the declared field
    /// types of the domain's synced type `type`), comma separated.
    public static func values(_ fields: [String], _ values: [String: FieldValue], type: String) -> String {
        fields.map { value(values[$0], type: fieldTypes[type]?[$0]) }.joined(separator: ", ")
    }

    /// One value: a date as its instant, a flag as yes/no, text quoted, a cleared field as `none`.
    public static func value(_ value: FieldValue?, type: FieldType?) -> String {
        switch (value, type) {
        case (nil, _), (.null?, _): localized("none", ja: "なし")
        case (.real(let seconds)?, .date?): DayText.instant(Date(timeIntervalSince1970: seconds))
        case (.integer(let flag)?, .bool?): flag != 0 ? localized("yes", ja: "はい") : localized("no", ja: "いいえ")
        case (.text(let text)?, _): "'\(text)'"
        case (let value?, _): value.description
        }
    }

    /// The declared field types of the domain's synced types, to show their values.
    private static let fieldTypes: [String: [String: FieldType]] = [
        CaseReport.schema.typeName: Dictionary(CaseReport.schema.fields.map { ($0.key, $0.type) }) { first, _ in first },
        FollowUp.schema.typeName: Dictionary(FollowUp.schema.fields.map { ($0.key, $0.type) }) { first, _ in first },
    ]
}

extension SyncConnectivity {
    /// How text output shows it: `not configured`, `unknown`, `online`, `offline`; in
    /// Japanese (`MessageLanguage.japanese`) `未設定`, `不明`, `オンライン`, `オフライン`.
    public var text: String {
        switch self {
        case .notConfigured: localized("not configured", ja: "未設定")
        case .unknown: localized("unknown", ja: "不明")
        case .online: localized("online", ja: "オンライン")
        case .offline: localized("offline", ja: "オフライン")
        }
    }
}
