import Foundation
import StrataData

/// The object alice pushes and carol receives: case-report-shaped, `localAndServer`, group
/// scope, so carol (of the same group) can see it and is woken for it.
struct LiveRecord: ValueObject {
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

    static let schema = ValueObjectSchema<LiveRecord>(
        "LiveBenchRecord",
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
