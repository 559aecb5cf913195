import Foundation
import StrataContainer
import StrataContainerTesting
import StrataDomain
import Testing

/// The Reports list's scope switch: `scope mine|group|all` on the screen and `scope=` in a
/// `strata://reports` URL, as `reports list --scope` has.
@Suite("Reports micro-app: the scope switch")
struct ReportScopeTests {
    @Test("scope mine shows the scope above the list (signed out: the reports nobody owns); an unknown scope is refused; scope all clears it")
    func scopeSwitch() async throws {
        let harness = try await MicroAppHarness()
        _ = try await harness.domain.reports.add(CaseReportDraft(patientName: "Hanako Sato", age: 42))
        let container = try await harness.boot()
        await harness.type("reports", into: container)
        #expect(!harness.screen.contains("Scope:"))
        #expect(harness.doubles.terminal.lastScreen.last?.contains("scope mine|group|all") == true)
        await harness.type("scope mine", into: container)
        #expect(harness.screen.contains("Scope: mine (scope all lists every report)"), "\(harness.screen)")
        #expect(harness.screen.contains("Hanako Sato"))
        await harness.type("scope ward", into: container)
        #expect(harness.screen.contains("scope 'ward' is unknown; type scope and one of: mine, group, all"), "\(harness.screen)")
        #expect(harness.screen.contains("Scope: mine"))
        await harness.type("scope all", into: container)
        #expect(!harness.screen.contains("Scope:") && harness.screen.contains("Hanako Sato"), "\(harness.screen)")
        try await container.open(URL(string: "strata://reports?scope=group")!)
        #expect(harness.screen.contains("Scope: group"), "\(harness.screen)")
        await container.terminate(.quit)
    }
}
