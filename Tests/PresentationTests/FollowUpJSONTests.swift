import Foundation
import StrataDomain
import StrataPresentation
import Testing

/// A follow-up's JSON is read from `FollowUp.declaredFields`; its bytes are those the FollowUps
/// micro-app printed before the table existed.
@Suite("StrataPresentation: a follow-up's JSON from its declared fields")
struct FollowUpJSONTests {
    static func followUp() -> FollowUp {
        var followUp = FollowUp()
        followUp.objectId = "f1"
        followUp.caseReportID = "r1"
        followUp.date = Date(timeIntervalSince1970: 1_795_000_000)
        followUp.maxBloodPressure = 140
        followUp.minBloodPressure = 92.5
        followUp.diuretic = true
        followUp.ace = true
        followUp.memo = "check potassium\nnext week"
        followUp.createdAt = Date(timeIntervalSince1970: 1_795_000_000)
        return followUp
    }

    @Test("a follow-up's JSON is byte for byte what it was: every key, pressures as numbers, the day, the medications' names")
    func unchangedBytes() {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .gmt
        #expect(
            JSONLine.encode(FollowUpJSON(Self.followUp(), calendar: calendar))
                == #"{"createdAt":"2026-11-18T11:06:40Z","date":"2026-11-18","done":false,"id":"f1","maxBloodPressure":140,"#
                + #""medications":["diuretic","ace"],"memo":"check potassium\nnext week","minBloodPressure":92.5,"reportId":"r1"}"#)
        var empty = FollowUp()
        empty.caseReportID = "r2"
        #expect(
            JSONLine.encode(FollowUpJSON(empty, calendar: calendar))
                == #"{"createdAt":"1970-01-01T00:00:00Z","date":"1970-01-01","done":false,"id":"","maxBloodPressure":null,"#
                + #""medications":[],"memo":"","minBloodPressure":null,"reportId":"r2"}"#)
    }

    @Test("every declared follow-up field is a key of its JSON, and a due one adds only report")
    func everyDeclaredFieldIsAKey() throws {
        let calendar = Calendar(identifier: .gregorian)
        let keys = FollowUp.declaredFields.map(\.jsonName)
        let plain = try #require(
            try JSONSerialization.jsonObject(with: Data(JSONLine.encode(FollowUpJSON(Self.followUp(), calendar: calendar)).utf8))
                as? [String: Any])
        #expect(Set(plain.keys) == Set(["id"] + keys))
        let due = try #require(
            try JSONSerialization.jsonObject(
                with: Data(JSONLine.encode(FollowUpJSON(DueFollowUp(followUp: Self.followUp(), report: nil), calendar: calendar)).utf8))
                as? [String: Any])
        #expect(Set(due.keys) == Set(["id", "report"] + keys))
    }
}
