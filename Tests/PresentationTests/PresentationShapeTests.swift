import Foundation
import StrataCrossCutting
import StrataDomain
import StrataJournal
import StrataPresentation
import Testing

@Suite("StrataPresentation: the one JSON shape of each value micro-apps and kits print")
struct PresentationShapeTests {
    static let created = Date(timeIntervalSince1970: 1_795_000_000)

    /// `value` encoded as one line, as the hosts print it.
    func object(_ value: some Encodable) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(JSONLine.encode(value).utf8)) as? [String: Any])
    }

    func report() -> CaseReport {
        var report = CaseReport()
        report.objectId = "r1"
        report.patientName = "Hanako Sato"
        report.age = 42
        report.gender = .female
        report.createdAt = Self.created
        report.updatedAt = Self.created
        return report
    }

    @Test("a case report: every key, always, with gender by name and instants in ISO 8601")
    func caseReport() throws {
        let json = try object(CaseReportJSON(report()))
        // Every declared field, always (the table may grow; these keys never go).
        #expect(Set(json.keys) == Set(["id"] + CaseReport.declaredFields.map(\.name)))
        #expect(Set(["id", "patientName", "age", "gender", "follow", "memo", "createdAt", "updatedAt"]).isSubset(of: json.keys))
        #expect(json["gender"] as? String == "female")
        #expect(json["createdAt"] as? String == DayText.instant(Self.created))
    }

    @Test("a follow-up writes missing pressures as null; a due one carries its report, or null when it is gone")
    func followUp() throws {
        var followUp = FollowUp()
        followUp.caseReportID = "r1"
        followUp.date = Self.created
        let calendar = Calendar(identifier: .gregorian)
        let plain = try object(FollowUpJSON(followUp, calendar: calendar))
        #expect(plain["maxBloodPressure"] is NSNull && plain["minBloodPressure"] is NSNull)
        #expect(plain["report"] == nil)
        let due = try object(FollowUpJSON(DueFollowUp(followUp: followUp, report: report()), calendar: calendar))
        #expect((due["report"] as? [String: Any])?["patientName"] as? String == "Hanako Sato")
        let orphan = try object(FollowUpJSON(DueFollowUp(followUp: followUp, report: nil), calendar: calendar))
        #expect(orphan["report"] is NSNull)
    }

    @Test("a notification keeps every key: what it does not point to is null")
    func notification() throws {
        var record = NotificationRecord()
        record.notificationId = "n-1"
        record.kind = "message"
        let json = try object(NotificationJSON(record))
        #expect(
            Set(json.keys)
                == ["id", "kind", "title", "body", "reportId", "followUpId", "patientName", "receivedAt", "read"])
        #expect(json["reportId"] is NSNull && json["followUpId"] is NSNull && json["patientName"] is NSNull)
        record.reportId = "r1"
        #expect(try object(NotificationJSON(record))["reportId"] as? String == "r1")
    }

    @Test("the sync object leaves out what is not known and names connectivity by its raw value")
    func syncStatus() throws {
        let quiet = try object(SyncStatusJSON(.notConfigured))
        #expect(Set(quiet.keys) == ["connectivity", "pending", "rejected"])
        #expect(quiet["connectivity"] as? String == "notConfigured")
        let failing = try object(SyncStatusJSON(SyncStatus(
            connectivity: .offline, server: "http://x/y", pendingCount: 2, rejectedCount: 0, lastSyncAt: nil,
            lastError: "unreachable", lastErrorAt: Self.created)))
        #expect(failing["lastErrorAt"] as? String == DayText.instant(Self.created))
        #expect(failing["server"] as? String == "http://x/y")
        #expect(failing["pending"] as? Int == 2)
        #expect(SyncConnectivity.notConfigured.text == "not configured")
        #expect(MessageLanguage.$current.withValue(.japanese) { SyncConnectivity.offline.text } == "オフライン")
    }

    @Test("a JSON line keeps slashes, sorts keys and escapes the controls an encoder leaves raw")
    func jsonLine() {
        #expect(JSONLine.encode(["b": "a/b", "a": "\u{7F}"]) == #"{"a":"\u007f","b":"a/b"}"#)
    }
}
