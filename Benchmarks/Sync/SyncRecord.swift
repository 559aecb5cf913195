import Foundation
import StrataData

/// The object both clients sync: case-report-shaped, `localAndServer`, group scope, so a second
/// user of the same group pulls what the first pushed.
struct SyncRecord: ValueObject {
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

    static let schema = ValueObjectSchema<SyncRecord>(
        "SyncBenchRecord",
        fields: [
            .field("patientName", \.patientName),
            .field("age", \.age),
            .field("gender", \.gender),
            .field("isFollow", \.isFollow),
            .field("memo", \.memo),
            .field("createdAt", \.createdAt),
        ],
        behaviour: ValueObjectBehaviour(persistentType: .localAndServer, scope: .group))
}
