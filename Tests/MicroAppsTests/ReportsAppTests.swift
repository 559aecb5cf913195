import Foundation
import StrataContainer
import StrataDomain
import Testing

@Suite("Reports micro-app")
struct ReportsAppTests {
    @Test("add asks each field in turn, saves through the domain, and the list shows the report")
    func addThroughTheForm() async throws {
        let harness = try await MicroAppHarness()
        let container = try await harness.boot()
        await harness.type("reports", "add", into: container)
        #expect(harness.screen.contains("Patient name"))
        await harness.answerReportForm("Hanako Sato", "42", "female", "yes", "hypertension", into: container)
        let saved = try await harness.domain.reports.list(.first)
        #expect(saved.map(\.patientName) == ["Hanako Sato"])
        #expect(saved.first?.gender == .female && saved.first?.isFollow == true)
        #expect(harness.screen.contains("Added case report"))
        #expect(harness.screen.contains("Hanako Sato"))
        await container.terminate(.quit)
    }

    @Test("the list's notice (Added case report …) stays through a redraw nobody typed for, and goes with the next typed line")
    func noticeStaysUntilTheNextLine() async throws {
        let harness = try await MicroAppHarness()
        let container = try await harness.boot()
        await harness.answerReportForm("reports", "add", "Hanako Sato", "42", "female", "yes", "hypertension", into: container)
        #expect(harness.screen.contains("Added case report"), "\(harness.screen)")
        await container.render()  // what a notification or a resize does
        #expect(harness.screen.contains("Added case report"), "the notice went with a redraw:\n\(harness.screen)")
        await harness.type("", into: container)
        #expect(!harness.screen.contains("Added case report"), "\(harness.screen)")
        await container.terminate(.quit)
    }

    @Test("a refused value (age 200) re-asks the age alone with the domain's message, the name kept, nothing saved")
    func refusedValueRetries() async throws {
        let harness = try await MicroAppHarness()
        let container = try await harness.boot()
        await harness.type("reports", "add", "Taro", "200", into: container)
        #expect(harness.screen.contains("age is 200; expected 0 to 150"), "\(harness.screen)")
        #expect(harness.screen.contains("  Patient name: Taro"))
        #expect(harness.screen.contains("> Age in years (0-150)"))
        #expect(try await harness.domain.reports.list(.first).isEmpty)
        await harness.answerReportForm("42", "", "", "", into: container)
        #expect(try await harness.domain.reports.list(.first).map(\.age) == [42])
        await container.terminate(.quit)
    }

    @Test("show, edit (Enter keeps a value) and delete (after yes) act on the numbered row")
    func showEditDelete() async throws {
        let harness = try await MicroAppHarness()
        let report = try await harness.domain.reports.add(CaseReportDraft(patientName: "Hanako Sato", age: 42))
        let container = try await harness.boot()
        await harness.type("reports", "show 1", into: container)
        #expect(harness.screen.contains("patient  Hanako Sato"))
        await harness.answerReportForm("edit", "", "43", "", "", "", into: container)
        #expect(try await harness.domain.reports.get(id: report.objectId ?? "").age == 43)
        await harness.type("back", "delete 1", "yes", into: container)
        #expect(try await harness.domain.reports.list(.first).isEmpty)
        #expect(harness.screen.contains("Deleted case report"))
        await container.terminate(.quit)
    }

    @Test("search keeps matching patients; an unknown word says what can be typed")
    func searchAndUnknown() async throws {
        let harness = try await MicroAppHarness()
        _ = try await harness.domain.reports.add(CaseReportDraft(patientName: "Hanako Sato", age: 42))
        _ = try await harness.domain.reports.add(CaseReportDraft(patientName: "Taro Yamada", age: 67))
        let container = try await harness.boot()
        await harness.type("reports", "search sato", into: container)
        #expect(harness.screen.contains("Hanako Sato") && !harness.screen.contains("Taro Yamada"))
        await harness.type("fly", into: container)
        #expect(harness.screen.contains("Unknown command 'fly'"))
        await container.terminate(.quit)
    }

    @Test("scripted: strata://reports/new adds and writes the id; format=json writes the report")
    func scriptedAdd() async throws {
        let harness = try await MicroAppHarness()
        let (container, captured) = try await harness.bootScripted()
        #expect(try await container.open(URL(string: "strata://reports/new?patientName=Hanako%20Sato&age=42&follow=true")!))
        let id = try #require(try await harness.domain.reports.list(.first).first?.objectId)
        #expect(captured.text == id)
        try await container.open(URL(string: "strata://reports/\(id)?format=json")!)
        #expect(captured.text.contains("\"patientName\" : \"Hanako Sato\""))
        #expect(captured.console.failures.isEmpty)
        await container.terminate(.quit)
    }

    @Test("scripted: a domain error is recorded on the console, not written")
    func scriptedFailure() async throws {
        let harness = try await MicroAppHarness()
        let (container, captured) = try await harness.bootScripted()
        try await container.open(URL(string: "strata://reports/no-such-id")!)
        #expect(captured.text.isEmpty)
        let error = try #require(captured.console.failures.first as? DomainError)
        #expect(error.code == .notFound)
        try await container.open(URL(string: "strata://reports/new?patientName=X&age=old")!)
        #expect("\(captured.console.failures.last!)".contains("age 'old'"))
        await container.terminate(.quit)
    }
}
