import Foundation
import StrataStore

/// The row both sides insert: a case-report-shaped value object with six fields, stored in a
/// table indexed like `CaseReport` (patient name, creation time). Not `CaseReport` itself:
/// the ratio is against raw SQLite inserting the same six plaintext columns, which CaseReport's
/// encrypted patient name would not match (strata-bench-sync and strata-bench-live save the
/// real CaseReport).
struct BenchRecord: ValueObject {
    var objectId: String?
    var patientName = ""
    var age = 0
    var gender = 0
    var isFollow = false
    var memo = ""
    var createdAt = Date(timeIntervalSince1970: 0)

    init() {}

    init(index: Int) {
        patientName = "Patient \(index)"
        age = index % 100
        gender = index % 3
        isFollow = index % 2 == 0
        memo = "memo for case \(index)"
        createdAt = Date(timeIntervalSince1970: 1_700_000_000 + Double(index))
    }

    static let schema = ValueObjectSchema<BenchRecord>(
        "BenchRecord", fields: fields, indexed: ["patientName", "createdAt"],
        behaviour: ValueObjectBehaviour(persistentType: .localOnly))

    /// The six fields, shared with ``PlainBenchRecord``.
    static var fields: [ValueObjectSchema<BenchRecord>.Field] {
        [
            .field("patientName", \.patientName),
            .field("age", \.age),
            .field("gender", \.gender),
            .field("isFollow", \.isFollow),
            .field("memo", \.memo),
            .field("createdAt", \.createdAt),
        ]
    }
}

/// The same row in a table without secondary indexes: the harder case for the ratio, since
/// index maintenance no longer hides the layer's own per-row cost.
struct PlainBenchRecord: ValueObject {
    var objectId: String?
    var record = BenchRecord()

    init() {}

    init(index: Int) { record = BenchRecord(index: index) }

    static let schema = ValueObjectSchema<PlainBenchRecord>(
        "BenchRecord",
        fields: [
            .field("patientName", \.record.patientName),
            .field("age", \.record.age),
            .field("gender", \.record.gender),
            .field("isFollow", \.record.isFollow),
            .field("memo", \.record.memo),
            .field("createdAt", \.record.createdAt),
        ],
        behaviour: ValueObjectBehaviour(persistentType: .localOnly))
}
