import Foundation
import StrataServerDomain
import StrataTestSupport
import StrataWire
import Testing

@testable import StrataServerKit

/// `strata-server serve --conflict-policy TYPE=fail-if-changed`: repeatable, read into the
/// server's settings, a bad value refused in one line naming the flag and the expected form.
@Suite("serve --conflict-policy")
struct ConflictPolicyFlagTests {
    @Test("each --conflict-policy TYPE=fail-if-changed sets that type's policy; none by default")
    func parsed() throws {
        let policies = try ServeCommand.conflictPolicies(["FollowUp=fail-if-changed", "Vitals=fail-if-changed"])
        #expect(policies == ["FollowUp": .failIfChanged, "Vitals": .failIfChanged])
        #expect(try ServeCommand.conflictPolicies([]).isEmpty)
        #expect(ServerSettings().conflictPolicies.isEmpty)
    }

    @Test("serve refuses a --conflict-policy not of the form TYPE=fail-if-changed, in one line", arguments: ["FollowUp", "FollowUp=strict", "FollowUp=merge", "9 lives=fail-if-changed"])
    func badValue(value: String) async throws {
        let outcome = try await TestServer.run(["serve", "--conflict-policy", value, "--data-dir", TemporaryRoot.directory("policy").path])
        #expect(outcome.status == 64, "\(outcome)")
        let lines = outcome.stderr.split(separator: "\n").filter { !$0.isEmpty }
        #expect(lines.count == 1, "\(outcome)")
        #expect(outcome.stderr.contains("--conflict-policy '\(value)' is not of the form TYPE=fail-if-changed"), "\(outcome)")
    }

    @Test("serve logs the conflict policies it applies at start, warning of a type name starting with a small letter (names are case-sensitive)")
    func loggedAtStart() {
        let none = ServeCommand.conflictPolicyLines([:])
        #expect(none.isEmpty, "without --conflict-policy nothing is logged: a failing start stays one line")
        let lines = ServeCommand.conflictPolicyLines(["casereport": .failIfChanged, "FollowUp": .failIfChanged])
        #expect(lines.map { String(describing: $0.0) } == ["info", "warning"])
        #expect(lines[0].1 == "conflict policies: FollowUp=fail-if-changed, casereport=fail-if-changed (type names are case-sensitive)")
        #expect(lines[1].1.contains("--conflict-policy casereport: type names are case-sensitive"))
    }

    @Test("serve --help explains --conflict-policy")
    func help() async throws {
        let outcome = try await TestServer.run(["serve", "--help"])
        #expect(outcome.stdout.contains("--conflict-policy <type=fail-if-changed>"), "\(outcome)")
        #expect(outcome.stdout.contains("refuses"), "\(outcome)")
    }
}
