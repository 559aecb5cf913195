import Foundation
import StrataCrossCutting
import StrataTestSupport
import Testing

/// Deleting a report deletes its follow-ups on the server, not only those the deleting device
/// holds (issue 26): each follow-up change names its report (`parentType`, `parentId`), the
/// server deletes a deleted report's follow-ups in the same write and refuses one written under
/// it later, so no device and not the server keeps a follow-up of a deleted report.
@Suite("follow-ups: deleting the report deletes every follow-up of it, on the server and every device", .childProcessSlot, .serialized)
struct FollowUpCascadeSyncTests {
    static let password = "a long password for tests"

    static func follows(_ host: StrataProcess) async throws -> [String] {
        let listed = try await host.json(["follows", "list", "--json"]) as? [[String: Any]]
        return (listed ?? []).compactMap { $0["id"] as? String }.sorted()
    }

    @Test("bob deletes his report without holding alice's follow-ups: the server deletes them, alice's offline one is refused, carol's copy goes")
    func deletedReportTakesEveryFollowUp() async throws {
        try await withTestServer(app: TestServer.casebook) { server in
            try await server.addUsers(["alice": "ward3", "bob": "ward3", "carol": "ward3"], password: Self.password)
            let hosts = try await server.signedInHosts(["alice", "bob", "carol"], password: Self.password, label: "follow-cascade")
            let alice = hosts[0], bob = hosts[1], carol = hosts[2]
            let report = try await bob.succeed(["reports", "add", "--patient-name", "Hanako Sato", "--age", "42"])
            _ = try await bob.succeed(["sync"])
            _ = try await alice.succeed(["sync"])
            let date = Date().addingTimeInterval(2 * 86_400).formatted(.iso8601.year().month().day())
            // alice's first follow-up reaches the server and carol's device, never bob's.
            let synced = try await alice.succeed(["follows", "add", "--report", report, "--date", date, "--memo", "check BP"])
            _ = try await alice.succeed(["sync"])
            _ = try await carol.succeed(["sync"])
            #expect(try await Self.follows(carol) == [synced])
            // Her second is made offline: not sent before bob's delete.
            let offline = try await alice.succeed(["follows", "add", "--report", report, "--date", date, "--memo", "call back"])

            _ = try await bob.succeed(["reports", "delete", report])
            _ = try await bob.succeed(["sync"])
            // The server deleted the follow-up bob's device never held.
            #expect(try await server.pull("FollowUp", account: "carol", password: Self.password).isEmpty)

            // alice's offline follow-up is refused (the server's reason names the deleted report,
            // ParentCascadeTests); her sync says so. The same sync pulls the report's deletion,
            // which takes the follow-up and its refused change off her device.
            let sync = try await alice.run(["sync", "--json"])
            #expect(sync.status == 0 && sync.stdout.contains(#""rejected":1"#), "\(sync)")
            let rejected = try #require(try await alice.json(["sync", "rejected", "--json"]) as? [[String: Any]])
            #expect(!rejected.contains { "\($0)".contains(offline) }, "\(rejected)")
            _ = try await carol.succeed(["sync"])
            for host in [alice, bob, carol] { #expect(try await Self.follows(host) == [], "\(host)") }
            #expect(try await server.pull("FollowUp", account: "alice", password: Self.password).isEmpty)
        }
    }
}
