import Foundation
import StrataCrossCutting
import StrataTestSupport
import Testing

/// Field-level merge through the whole loop: real `strata-host` processes against the real
/// `strata-server`. Two people edit different fields of one report before either pulls; after
/// they sync, both edits are on the server and on both devices.
@Suite("field-level merge: strata-host against strata-server", .childProcessSlot, .serialized)
struct FieldMergeSyncTests {
    static let password = "a long password for tests"

    @Test("alice sets the age and carol the memo of one report before either pulls: after alice, carol, alice sync, both devices hold age 50 and carol's memo")
    func concurrentEditsOfDifferentFieldsBothSurvive() async throws {
        try await withTestServer(app: TestServer.casebook) { server in
            try await server.addUsers(["alice": "ward3", "carol": "ward3"], password: Self.password)
            let hosts = try await server.signedInHosts(["alice", "carol"], password: Self.password, label: "field-merge")
            let alice = hosts[0], carol = hosts[1]
            let report = try await alice.succeed(["reports", "add", "--patient-name", "Hanako Sato", "--age", "42"])
            _ = try await alice.succeed(["sync"])
            _ = try await carol.succeed(["sync"])
            let before = try await carol.json(["reports", "show", report, "--json"]) as? [String: Any]
            #expect(before?["age"] as? Int == 42, "\(String(describing: before))")

            // Both edit the copy they hold, neither having seen the other's edit.
            _ = try await alice.succeed(["reports", "update", report, "--age", "50"])
            _ = try await carol.succeed(["reports", "update", report, "--memo", "carol memo"])
            _ = try await alice.succeed(["sync"])
            _ = try await carol.succeed(["sync"])
            _ = try await alice.succeed(["sync"])

            let held = try await server.pull("CaseReport", account: "alice", password: Self.password)
            #expect(held.count == 1, "\(held)")
            for (name, host) in [("alice", alice), ("carol", carol)] {
                let shown = try await host.json(["reports", "show", report, "--json"]) as? [String: Any]
                #expect(shown?["age"] as? Int == 50, "\(name): \(String(describing: shown))")
                #expect(shown?["memo"] as? String == "carol memo", "\(name): \(String(describing: shown))")
                #expect(shown?["patientName"] as? String == "Hanako Sato", "\(name): \(String(describing: shown))")
            }
        }
    }
}
