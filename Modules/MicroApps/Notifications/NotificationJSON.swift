import Foundation
import StrataCrossCutting
import StrataDomain

/// The stable JSON shape of a recorded notification.
struct NotificationJSON: Encodable, Equatable {
    var id: String
    var kind: String
    var title: String
    var body: String
    var reportId: String?
    var followUpId: String?
    var patientName: String?
    var receivedAt: String
    var read: Bool

    init(_ record: NotificationRecord) {
        id = record.notificationId
        kind = record.kind
        title = record.title
        body = record.body
        reportId = record.reportId
        followUpId = record.followUpId
        patientName = record.patientName
        receivedAt = DayText.instant(record.receivedAt)
        read = record.isRead
    }

    private enum CodingKeys: String, CodingKey {
        case id, kind, title, body, reportId, followUpId, patientName, receivedAt, read
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(kind, forKey: .kind)
        try container.encode(title, forKey: .title)
        try container.encode(body, forKey: .body)
        try container.encode(reportId, forKey: .reportId)
        try container.encode(followUpId, forKey: .followUpId)
        try container.encode(patientName, forKey: .patientName)
        try container.encode(receivedAt, forKey: .receivedAt)
        try container.encode(read, forKey: .read)
    }
}
