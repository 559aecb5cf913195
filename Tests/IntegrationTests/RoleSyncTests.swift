import Foundation
import StrataCrossCutting
import StrataTestSupport
import Testing

/// Roles through the whole loop: real `strata-host` processes against the real `strata-server`.
/// A change the rules refuse comes back `rejected`, and the client's journal keeps it with
/// the server's reason.
@Suite("roles: strata-host against strata-server", .childProcessSlot, .serialized)
struct RoleSyncTests {
    static let password = "a long password for tests"

    @Test("a member's delete of the lead's report is rejected into the journal with its reason; the lead's delete of the member's applies")
    func memberDeleteRejectedLeadDeleteApplies() async throws {
        try await withTestServer(app: TestServer.casebook) { server in
            try await server.addUsers(["alice": "ward3", "bob": "ward3"], password: Self.password)
            _ = try await server.admin(["group", "set-role", "ward3", "alice", "lead"])
            let hosts = try await server.signedInHosts(["alice", "bob"], password: Self.password, label: "role-sync")
            let alice = hosts[0], bob = hosts[1]
            let hers = try await alice.succeed(["reports", "add", "--patient-name", "Hanako Sato", "--age", "42"])
            _ = try await alice.succeed(["sync"])
            let his = try await bob.succeed(["reports", "add", "--patient-name", "Taro Yamada", "--age", "67"])
            _ = try await bob.succeed(["sync"])

            // Bob, a member, deletes Alice's report: the server refuses, his journal keeps why.
            _ = try await bob.succeed(["reports", "delete", hers])
            let refused = try await bob.run(["sync", "--json"])
            let report = try JSONSerialization.jsonObject(with: Data(refused.stdout.utf8)) as? [String: Any]
            #expect(report?["rejected"] as? Int == 1, "\(refused)")
            let store = try #require(bob.environment["STRATA_HOME"].map { ContainerDirectory(url: URL(fileURLWithPath: $0)).storeURL.path })
            let rejected = try SQLiteReader(store).rows(
                #"SELECT "objectId", "reason" FROM "_strata_journal" WHERE "state" = 'rejected'"#)
            #expect(rejected == [[hers, "CaseReport \(hers): a member may not delete another member's object"]])
            let held = try await server.pull("CaseReport", account: "alice", password: Self.password)
            #expect(Set(held.compactMap { $0["objectId"] as? String }) == [hers, his], "nothing was deleted")

            // Alice, the lead, pulls Bob's report and deletes it: applied.
            _ = try await alice.succeed(["sync"])
            _ = try await alice.succeed(["reports", "delete", his])
            let applied = try await alice.json(["sync", "--json"]) as? [String: Any]
            #expect(applied?["rejected"] as? Int == 0)
            let left = try await server.pull("CaseReport", account: "bob", password: Self.password)
            #expect(left.compactMap { $0["objectId"] as? String } == [hers])
        }
    }
}
