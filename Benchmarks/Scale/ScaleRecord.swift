import StrataBenchSupport
import StrataStore

/// The reference row (``CaseRow``, StrataBenchSupport's), indexed like `CaseReport` (patient
/// name, creation time) plus the compound index `(age, createdAt desc, objectId)` that serves
/// the page query. `age` takes 50 values (``CaseRow/scale(_:)``), so a page query's matches are
/// 2% of the rows (at 10,000 rows: 200, enough for page 3 of 50).
struct ScaleRecord: CaseRowRecord {
    var objectId: String?
    var row = CaseRow()

    init() {}

    init(index: Int) { row = .scale(index) }

    static let schema = caseRowSchema("ScaleRecord", compoundIndexes: [ScaleRecord.pageIndex], fields: storedFields)

    /// The six fields through `ScaleRecord`'s stored `row`, as an app's type declares its own.
    static let storedFields: [ValueObjectSchema<ScaleRecord>.Field] = [
        .field("patientName", \ScaleRecord.row.patientName),
        .field("age", \ScaleRecord.row.age),
        .field("gender", \ScaleRecord.row.gender),
        .field("isFollow", \ScaleRecord.row.isFollow),
        .field("memo", \ScaleRecord.row.memo),
        .field("createdAt", \ScaleRecord.row.createdAt),
    ]

    /// The compound index that serves the page query.
    static let pageIndex = CompoundIndex(.ascending("age"), .descending("createdAt"))
}

extension CaseRow {
    /// The `index`th row of the scale benchmark: 50 ages.
    static func scale(_ index: Int) -> CaseRow { CaseRow(index: index, ages: 50) }
}

/// ``ScaleRecord``'s table as a type was indexed before compound indexes existed: the same
/// name and fields, single-key indexes on the query's keys (`age`, `createdAt`, as
/// strata-bench-query's "before"), no compound index. Registering it over a store of
/// ``ScaleRecord``s drops the compound index and builds `age`'s (the store keeps exactly the
/// declared indexes), so the page query runs as it did before issue 13, on the same rows.
struct ScaleRecordBefore: CaseRowRecord {
    var objectId: String?
    var row = CaseRow()

    init() {}

    static let schema = caseRowSchema("ScaleRecord", indexed: CaseRow.caseReportIndexes + ["age"])
}
