import Foundation
import StrataData

/// The row both sides insert: a case-report-shaped value object with six fields.
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
        "BenchRecord",
        fields: [
            .field("patientName", \.patientName),
            .field("age", \.age),
            .field("gender", \.gender),
            .field("isFollow", \.isFollow),
            .field("memo", \.memo),
            .field("createdAt", \.createdAt),
        ],
        indexed: ["patientName", "createdAt"]
    )
}
