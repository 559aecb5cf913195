import Foundation
import StrataCrossCutting
import StrataTestSupport
import Testing

/// A follow-up is filed under its report's group even when that is not its author's primary
/// group: the device sends the report's group as the insert's `ownerGroup`, so the members of
/// the author's first group, who cannot see the report, never see the follow-up either.
@Suite("follow-ups: filed under their report's group, not the author's primary one", .childProcessSlot, .serialized)
struct FollowUpOwnerGroupTests {
    static let password = "a long password for tests"

    @Test("alice (ward3, then ward4) follows up bob's ward4 report: bob gets it, ward3-only dave never does")
    func followUpOfSecondGroupsReport() async throws {
        try await withTestServer(app: TestServer.casebook) { server in
            try await server.addUsers(["alice": "ward3", "bob": "ward4", "dave": "ward3"], password: Self.password)
            _ = try await server.admin(["group", "add-member", "ward4", "alice"])
            let hosts = try await server.signedInHosts(["alice", "bob", "dave"], password: Self.password, label: "follow-group")
            let alice = hosts[0], bob = hosts[1], dave = hosts[2]
            let report = try await bob.succeed(["reports", "add", "--patient-name", "Hanako Sato", "--age", "42"])
            _ = try await bob.succeed(["sync"])
            _ = try await alice.succeed(["sync"])
            let date = Date().addingTimeInterval(2 * 86_400).formatted(.iso8601.year().month().day())
            let followUp = try await alice.succeed(["follows", "add", "--report", report, "--date", date, "--memo", "BP 150/95"])
            _ = try await alice.succeed(["sync"])

            // On the server under the report's group (ward4), not alice's primary one (ward3).
            let reports = try await server.pull("CaseReport", account: "bob", password: Self.password)
            let ward4 = try #require(reports.first?["ownerGroup"] as? String)
            let held = try await server.pull("FollowUp", account: "bob", password: Self.password)
            #expect(held.compactMap { $0["objectId"] as? String } == [followUp], "\(held)")
            #expect(held.first?["ownerGroup"] as? String == ward4)

            // Bob, of ward4, gets it on his device.
            _ = try await bob.succeed(["sync"])
            let his = try await bob.json(["follows", "list", "--json"]) as? [[String: Any]]
            #expect(his?.compactMap { $0["id"] as? String } == [followUp], "\(String(describing: his))")

            // Dave, of ward3 only, sees neither the report nor its follow-up.
            _ = try await dave.succeed(["sync"])
            let daves = try await dave.json(["follows", "list", "--json"]) as? [[String: Any]]
            #expect(daves?.isEmpty == true, "\(String(describing: daves))")
            #expect(try await server.pullAll("FollowUp", account: "dave", password: Self.password).isEmpty)
        }
    }
}
