#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif
public import StrataStore

/// A case report: one patient's case, as in the AppPot sample (seed `003_*`).
public struct CaseReport: ValueObject, Hashable, Codable {
    /// The store's id for this report; `nil` until it is first saved.
    public var objectId: String?
    /// The patient's name. Sensitive: encrypted at rest (AES-GCM); the store can only compare
    /// it for equality, so searching it happens in Swift (see ``CaseReportService/search(_:_:)``).
    public var patientName: String = ""
    /// The patient's age in years (0…150).
    public var age: Int = 0
    /// The patient's gender.
    public var gender: Gender = .unspecified
    /// Whether the case needs follow-ups.
    public var isFollow: Bool = false
    /// Free text.
    public var memo: String = ""
    /// When the report was first saved.
    public var createdAt: Date = Date(timeIntervalSince1970: 0)
    /// When the report was last changed.
    public var updatedAt: Date = Date(timeIntervalSince1970: 0)

    /// An empty report (every field at its default).
    public init() {}

    /// Every field, declared once, in the order the text output and the forms show them: the
    /// store's schema, the JSON and text shapes, the forms, the `strata://reports` parameters
    /// and the `reports add|update` options and help are read from this table (see
    /// Docs/Walkthroughs.md, "Add a field to CaseReport").
    public static let declaredFields: [DeclaredField<CaseReport>] = [
        .field(
            "patientName", \.patientName, label: FieldLabel("patient", ja: "患者"), prompt: FieldLabel("Patient name", ja: "患者名"),
            help: "The patient's name (not empty).", valueName: "name", term: "患者名", requiredToAdd: true,
            rule: checkedPatientName),
        .field(
            "age", \.age, label: FieldLabel("age", ja: "年齢"),
            prompt: FieldLabel(
                "Age in years (\(acceptedAges.lowerBound)-\(acceptedAges.upperBound))",
                ja: "年齢（\(acceptedAges.lowerBound)〜\(acceptedAges.upperBound)）"),
            help: "The patient's age in years, 0 to 150.", valueName: "years", requiredToAdd: true, rule: checkedAge),
        .field("gender", \.gender, label: FieldLabel("gender", ja: "性別"), prompt: FieldLabel("Gender", ja: "性別"), help: "The patient's gender."),
        .field(
            "isFollow", \.isFollow, name: "follow", label: FieldLabel("follow", ja: "フォロー"),
            prompt: FieldLabel("Needs follow-ups?", ja: "フォローアップが必要ですか？"), help: "Whether the case needs follow-ups."),
        .field(
            "memo", \.memo, label: FieldLabel("memo", ja: "メモ"), prompt: FieldLabel("Memo", ja: "メモ"),
            help: "Free text about the case.", multiLine: true, rule: checkedMemo),
        .field("createdAt", \.createdAt, label: FieldLabel("created", ja: "作成")),
        .field("updatedAt", \.updatedAt, label: FieldLabel("updated", ja: "更新")),
    ]

    /// The stored fields and the seed's behaviour: kept locally and sent to the server, pulled
    /// every 30 minutes at group scope, visible to the creator's group, `patientName`
    /// encrypted at rest. `(createdAt, objectId)` is indexed for the newest-first list, a page
    /// at a time; `patientName` through its keyed hash, for equality look-ups.
    ///
    /// No lifespan: a lifespan would hide the user's own reports once they are older than it,
    /// and a pull does not bring them back (it fetches only what changed on the server since
    /// its cursor), so an unchanged report would be gone from this device for good.
    ///
    /// Conflicts: field merge. Edits of different fields by two users both survive; of the same
    /// field, the last in the server's order wins and the other user is told (and can keep
    /// theirs). `updatedAt` is quiet: every edit sets it, so its overwrite is never reported.
    public static let schema = ValueObjectSchema<CaseReport>(
        "CaseReport",
        fields: declaredFields.flatMap(\.stored),
        indexed: ["patientName"],
        // The report list: every report, newest first (ties: last saved first), a page at a time;
        // and the user's own reports and each of their groups' (`reports list --scope mine|group`),
        // in the same order.
        compoundIndexes: [
            CompoundIndex("createdAt"), CompoundIndex(CompoundIndex.ownerUser, "createdAt"),
            CompoundIndex(CompoundIndex.ownerGroup, "createdAt"),
        ],
        behaviour: ValueObjectBehaviour(
            persistentType: .localAndServer, autoRefresh: AutoRefresh(interval: 1800, scope: .group), scope: .group,
            encrypted: ["patientName"], conflictPolicy: .fieldMerge, quietFields: ["updatedAt"])
    )
}
