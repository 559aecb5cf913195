import StrataBenchSupport
import StrataStore

/// The row both sides insert (``CaseRow``, StrataBenchSupport's), in a table indexed like
/// `CaseReport` (patient name, creation time).
struct BenchRecord: CaseRowRecord {
    var objectId: String?
    var row = CaseRow()

    init() {}

    init(index: Int) { row = CaseRow(index: index) }

    static let schema = caseRowSchema("BenchRecord")
}

/// The same row in a table without secondary indexes: the harder case for the ratio, since
/// index maintenance no longer hides the layer's own per-row cost.
struct PlainBenchRecord: CaseRowRecord {
    var objectId: String?
    var row = CaseRow()

    init() {}

    init(index: Int) { row = CaseRow(index: index) }

    static let schema = caseRowSchema("BenchRecord", indexed: [])
}
