import Foundation
import StrataCrossCutting
import StrataDomain
import StrataStore
import Testing

/// `FollowUp.declaredFields`: a follow-up's fields declared once, as a case report's are; each
/// read from text, shown and checked the one way every surface uses.
@Suite("follow-up fields declared once")
struct FollowUpDeclaredFieldTests {
    func field(_ name: String) throws -> DeclaredField<FollowUp> {
        try #require(FollowUp.declaredFields.first { $0.name == name })
    }

    @Test("the follow-up table is the schema: every declared field is stored under the keys stores already hold, and only those")
    func tableIsTheSchema() {
        #expect(FollowUp.schema.fields.map(\.key) == FollowUp.declaredFields.flatMap { $0.stored.map(\.key) })
        #expect(
            Set(FollowUp.schema.fields.map(\.key)) == [
                "caseReportID", "date", "maxBloodPressure", "minBloodPressure", "memo", "alphaBlocker", "arb", "betaBlocker",
                "ca", "diuretic", "ace", "neurodepressant", "isDone", "createdAt",
            ])
        #expect(FollowUp.schema.typeName == "FollowUp")
        #expect(FollowUp.inputFields.map(\.name) == ["report", "date", "maxBp", "minBp", "medication", "memo"])
        #expect(FollowUp.declaredFields.map(\.jsonName) == [
            "reportId", "date", "maxBloodPressure", "minBloodPressure", "medications", "memo", "done", "createdAt",
        ])
    }

    @Test("a pressure, a day and medications are read naming the parameter; an empty text gives no value")
    func parsing() throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "Asia/Tokyo") ?? .gmt
        var followUp = FollowUp()
        #expect(try field("maxBp").parse("140", into: &followUp) && followUp.maxBloodPressure == 140)
        #expect(try !field("minBp").parse("", into: &followUp) && followUp.minBloodPressure == nil)
        let pressure = #expect(throws: DomainError.self) { _ = try field("maxBp").parse("high", into: &followUp) }
        #expect(pressure?.message == "maxBp 'high' is not a number")
        #expect(try field("medication").parse("ACE, diuretic", into: &followUp) && followUp.ace && followUp.diuretic && !followUp.arb)
        let medication = #expect(throws: DomainError.self) { _ = try field("medication").parse("aspirin", into: &followUp) }
        #expect(
            medication?.message
                == "medication 'aspirin' is unknown; expected one of: alphaBlocker, arb, betaBlocker, ca, diuretic, ace, neurodepressant")
        #expect(try field("date").parse("2026-12-01", into: &followUp, calendar: calendar))
        #expect(DayText.day(followUp.date, calendar: calendar) == "2026-12-01")
        #expect(throws: CrossCuttingError.self) { _ = try field("date").parse("2026-13-01", into: &followUp, calendar: calendar) }
    }

    @Test("each pressure's rule is 0 to 300 naming its field; min above max is the rule across the two")
    func rules() throws {
        let high = #expect(throws: DomainError.self) { try field("maxBp").check(text: "301") }
        #expect(high?.field == "maxBloodPressure")
        let low = #expect(throws: DomainError.self) { try field("minBp").check(text: "-1") }
        #expect(low?.field == "minBloodPressure")
        try field("minBp").check(text: "300")
        let crossed = #expect(throws: DomainError.self) { try FollowUp.checkBloodPressures(max: 80, min: 90) }
        #expect(crossed?.message.contains("expected min ≤ max") == true)
        #expect(throws: DomainError.self) { try field("memo").check(text: "bell\u{7}") }
    }

    @Test("values are shown as people read them and as JSON writes them")
    func shapes() throws {
        var followUp = FollowUp()
        followUp.maxBloodPressure = 92.5
        followUp.arb = true
        followUp.ace = true
        #expect(try field("maxBp").displayText(in: followUp) == "92.5" && field("maxBp").jsonValue(in: followUp) == .number(92.5))
        #expect(try field("minBp").displayText(in: followUp) == "" && field("minBp").jsonValue(in: followUp) == .null)
        #expect(try field("medication").displayText(in: followUp) == "arb, ace" && field("medication").inputText(in: followUp) == "arb,ace")
        #expect(try field("medication").jsonValue(in: followUp) == .strings(["arb", "ace"]))
        #expect(try field("done").jsonValue(in: followUp) == .bool(false) && !field("done").isInput)
        #expect(try field("medication").allowsSeveral && field("report").requiredToAdd && field("date").requiredToAdd)
        #expect(try field("maxBp").input == .number(0...300) && field("date").input == .day)
    }
}
