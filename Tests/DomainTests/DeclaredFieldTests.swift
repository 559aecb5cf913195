import StrataDomain
import StrataStore
import Testing

/// `CaseReport.declaredFields`: each field read from text, shown and checked the one way every
/// surface (URL, form, command line, text, JSON) uses.
@Suite("case-report fields declared once")
struct DeclaredFieldTests {
    func field(_ name: String) throws -> DeclaredField<CaseReport> {
        try #require(CaseReport.declaredFields.first { $0.name == name })
    }

    @Test("the table is the schema: every declared field is stored, in order, and only those")
    func tableIsTheSchema() {
        #expect(CaseReport.schema.fields.map(\.key) == CaseReport.declaredFields.map(\.key))
        let keys = CaseReport.declaredFields.map(\.key)
        #expect(keys.starts(with: ["patientName", "age", "gender", "isFollow", "memo"]))
        #expect(keys.suffix(2) == ["createdAt", "updatedAt"])
        #expect(CaseReport.inputFields.map(\.option).starts(with: ["patient-name", "age", "gender", "follow", "memo"]))
    }

    @Test("text is read by the value's type, naming the field; an empty number, flag or choice gives no value")
    func parsing() throws {
        var report = CaseReport()
        #expect(try field("follow").parse("Y", into: &report) && report.isFollow)
        #expect(try field("gender").parse("2", into: &report) && report.gender == .female)
        #expect(try !field("age").parse("", into: &report))
        let age = #expect(throws: DomainError.self) { _ = try field("age").parse("abc", into: &report) }
        #expect(age?.message == "age 'abc' is not a whole number")
        let follow = #expect(throws: DomainError.self) { _ = try field("follow").parse("Maybe", into: &report) }
        #expect(follow?.message == "follow 'maybe' is not yes or no (true/false)")
        let gender = #expect(throws: DomainError.self) { _ = try field("gender").parse("robot", into: &report) }
        #expect(gender?.message == "gender 'robot' is not a gender; expected one of: unspecified, male, female, other")
    }

    @Test("a field's rule runs on its text as a form checks it, and on a change's value as the service saves it")
    func rules() throws {
        #expect(throws: DomainError.self) { try field("age").check(text: "151") }
        #expect(throws: DomainError.self) { try field("patientName").check(text: "  ") }
        try field("memo").check(text: "line\nbreak")
        var change = CaseReportChange()
        try change.set(field("memo"), text: "new")
        try change.set(field("age"), text: "")
        #expect(change.keys == ["memo"] && change.memo == "new" && change.age == nil)
        #expect(change == CaseReportChange(memo: "new"))
    }

    @Test("values are shown as people read them and as JSON writes them")
    func shapes() throws {
        var report = CaseReport()
        report.isFollow = true
        report.gender = .other
        #expect(try field("follow").displayText(in: report) == "yes" && field("follow").inputText(in: report) == "yes")
        #expect(try field("follow").jsonValue(in: report) == .bool(true))
        #expect(try field("gender").jsonValue(in: report) == .string("other"))
        #expect(try field("createdAt").displayText(in: report) == "1970-01-01T00:00:00Z")
        #expect(try field("gender").choices.map(\.value) == ["female", "male", "other", "unspecified"])
        #expect(try !field("createdAt").isInput && field("patientName").requiredToAdd && field("memo").multiLine)
    }
}
