import Foundation
import StrataStore

/// A case-report-shaped row, indexed for the query benchmark (age, createdAt).
struct QueryRecord: ValueObject {
    var objectId: String?
    var patientName = ""
    var age = 0
    var memo = ""
    var createdAt = Date(timeIntervalSince1970: 0)

    init() {}

    init(index: Int) {
        patientName = "Patient \(index)"
        age = index % 100
        memo = "memo for case \(index)"
        createdAt = Date(timeIntervalSince1970: 1_700_000_000 + Double(index))
    }

    static let schema = ValueObjectSchema<QueryRecord>(
        "QueryRecord", fields: fields, indexed: ["age", "createdAt"], behaviour: ValueObjectBehaviour(persistentType: .localOnly))

    static var fields: [ValueObjectSchema<QueryRecord>.Field] {
        [.field("patientName", \.patientName), .field("age", \.age), .field("memo", \.memo), .field("createdAt", \.createdAt)]
    }
}

/// The same row with the patient name encrypted at rest.
struct SealedRecord: ValueObject {
    var objectId: String?
    var record = QueryRecord()

    init() {}

    init(index: Int) { record = QueryRecord(index: index) }

    static let schema = ValueObjectSchema<SealedRecord>(
        "SealedRecord",
        fields: [
            .field("patientName", \.record.patientName), .field("age", \.record.age), .field("memo", \.record.memo),
            .field("createdAt", \.record.createdAt),
        ],
        behaviour: ValueObjectBehaviour(persistentType: .localOnly, encrypted: ["patientName"]))
}

/// The same row in plaintext, in its own table (the baseline for ``SealedRecord``).
struct PlainRecord: ValueObject {
    var objectId: String?
    var record = QueryRecord()

    init() {}

    init(index: Int) { record = QueryRecord(index: index) }

    static let schema = ValueObjectSchema<PlainRecord>(
        "PlainRecord",
        fields: [
            .field("patientName", \.record.patientName), .field("age", \.record.age), .field("memo", \.record.memo),
            .field("createdAt", \.record.createdAt),
        ],
        behaviour: ValueObjectBehaviour(persistentType: .localOnly))
}

/// `QueryRecord`'s table as a later build declares it: the same rows, plus the compound index
/// `(age, createdAt desc, objectId)` that serves the page query (registering it migrates the
/// table: the index is built over the rows already there).
struct IndexedQueryRecord: ValueObject {
    var objectId: String?
    var record = QueryRecord()

    init() {}

    static let schema = ValueObjectSchema<IndexedQueryRecord>(
        "QueryRecord",
        fields: [
            .field("patientName", \.record.patientName), .field("age", \.record.age), .field("memo", \.record.memo),
            .field("createdAt", \.record.createdAt),
        ],
        indexed: ["age", "createdAt"], compoundIndexes: [CompoundIndex(.ascending("age"), .descending("createdAt"))],
        behaviour: ValueObjectBehaviour(persistentType: .localOnly))
}
