import StrataBenchSupport
import StrataStore

/// The row both sides insert (``CaseRow``, StrataBenchSupport's), in a table indexed like
/// `CaseReport` (patient name, creation time).
struct BenchRecord: CaseRowRecord {
    var objectId: String?
    var row = CaseRow()

    init() {}

    init(index: Int) { row = CaseRow(index: index) }

    static let schema = caseRowSchema("BenchRecord", fields: storedFields)

    /// The six fields through the stored `row`, as an app's type declares its own (see
    /// ``CaseRowRecord/caseRowSchema(_:indexed:compoundIndexes:behaviour:fields:)``).
    static let storedFields: [ValueObjectSchema<BenchRecord>.Field] = [
        .field("patientName", \BenchRecord.row.patientName),
        .field("age", \BenchRecord.row.age),
        .field("gender", \BenchRecord.row.gender),
        .field("isFollow", \BenchRecord.row.isFollow),
        .field("memo", \BenchRecord.row.memo),
        .field("createdAt", \BenchRecord.row.createdAt),
    ]
}

/// The same row in a table without secondary indexes: the harder case for the ratio, since
/// index maintenance no longer hides the layer's own per-row cost.
struct PlainBenchRecord: CaseRowRecord {
    var objectId: String?
    var row = CaseRow()

    init() {}

    init(index: Int) { row = CaseRow(index: index) }

    static let schema = caseRowSchema("BenchRecord", indexed: [], fields: storedFields)

    /// The six fields through the stored `row`, as ``BenchRecord``'s.
    static let storedFields: [ValueObjectSchema<PlainBenchRecord>.Field] = [
        .field("patientName", \PlainBenchRecord.row.patientName),
        .field("age", \PlainBenchRecord.row.age),
        .field("gender", \PlainBenchRecord.row.gender),
        .field("isFollow", \PlainBenchRecord.row.isFollow),
        .field("memo", \PlainBenchRecord.row.memo),
        .field("createdAt", \PlainBenchRecord.row.createdAt),
    ]
}
