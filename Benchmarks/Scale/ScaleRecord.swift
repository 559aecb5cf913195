import Foundation
import StrataStore

/// The reference row: case-report-shaped (six fields), indexed like `CaseReport` (patient
/// name, creation time) plus the compound index `(age, createdAt desc, objectId)` that serves
/// the page query. `age` takes 50 values, so a page query's matches are 2% of the rows (at
/// 10,000 rows: 200, enough for page 3 of 50). Not `CaseReport` itself: each figure is a
/// ratio against raw SQLite on the same plaintext columns and indexes, which CaseReport's
/// encrypted patient name would not match.
struct ScaleRecord: ValueObject {
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
        age = index % 50
        gender = index % 3
        isFollow = index % 2 == 0
        memo = "memo for case \(index)"
        createdAt = Date(timeIntervalSince1970: 1_700_000_000 + Double(index))
    }

    /// A record carrying only an id (what `delete` needs).
    init(id: String) { objectId = id }

    static let schema = ValueObjectSchema<ScaleRecord>(
        "ScaleRecord",
        fields: [
            .field("patientName", \.patientName),
            .field("age", \.age),
            .field("gender", \.gender),
            .field("isFollow", \.isFollow),
            .field("memo", \.memo),
            .field("createdAt", \.createdAt),
        ],
        indexed: ["patientName", "createdAt"], compoundIndexes: [CompoundIndex(.ascending("age"), .descending("createdAt"))],
        behaviour: ValueObjectBehaviour(persistentType: .localOnly))
}

/// A type that stores a ``ScaleRecord`` under another name and behaviour (the purge's and the
/// journal's rows): its schema is ``ScaleRecord``'s fields and indexes, read through `record`.
protocol ScaleRow: ValueObject {
    var record: ScaleRecord { get set }
}

extension ScaleRow {
    /// ``ScaleRecord/schema``'s fields and indexes as type `name` with `behaviour`.
    static func scaleSchema(
        _ name: String, behaviour: ValueObjectBehaviour, indexed: [String] = ["patientName", "createdAt"],
        compoundIndexes: [CompoundIndex] = [CompoundIndex(.ascending("age"), .descending("createdAt"))]
    ) -> ValueObjectSchema<Self> {
        ValueObjectSchema<Self>(
            name,
            fields: [
                .field("patientName", \Self.record.patientName),
                .field("age", \Self.record.age),
                .field("gender", \Self.record.gender),
                .field("isFollow", \Self.record.isFollow),
                .field("memo", \Self.record.memo),
                .field("createdAt", \Self.record.createdAt),
            ],
            indexed: indexed, compoundIndexes: compoundIndexes,
            behaviour: behaviour)
    }
}

/// ``ScaleRecord``'s table as a type was indexed before compound indexes existed: the same
/// name and fields, single-key indexes on the query's keys (`age`, `createdAt`, as
/// strata-bench-query's "before"), no compound index. Registering it over a store of
/// ``ScaleRecord``s drops the compound index and builds `age`'s (the store keeps exactly the
/// declared indexes), so the page query runs as it did before issue 13, on the same rows.
struct ScaleRecordBefore: ScaleRow {
    var objectId: String?
    var record = ScaleRecord()

    init() {}

    static let schema = scaleSchema(
        "ScaleRecord", behaviour: ValueObjectBehaviour(persistentType: .localOnly), indexed: ["patientName", "createdAt", "age"],
        compoundIndexes: [])
}
