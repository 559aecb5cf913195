import Foundation
import StrataCrossCutting
import StrataTestSupport
import Testing

/// Follow-ups through the whole loop: real `strata-host` processes against the real
/// `strata-server`. A follow-up goes to the server with its report's scope, reaches the other
/// members of the report's group (listed and due there), never a user of another group, and
/// goes everywhere when its report is deleted.
@Suite("follow-ups: synced like their report between strata-host and strata-server", .childProcessSlot, .serialized)
struct FollowUpSyncTests {
    static let password = "a long password for tests"

    @Test("alice's follow-up reaches carol (same group), listed and due; dave (another group) never gets it; deleting the report deletes it on carol's device")
    func followUpFollowsItsReport() async throws {
        try await withTestServer(app: TestServer.casebook) { server in
            try await server.addUsers(["alice": "ward3", "carol": "ward3", "dave": "ward5"], password: Self.password)
            let hosts = try await server.signedInHosts(["alice", "carol", "dave"], password: Self.password, label: "follow-sync")
            let alice = hosts[0], carol = hosts[1], dave = hosts[2]
            let report = try await alice.succeed(["reports", "add", "--patient-name", "Hanako Sato", "--age", "42"])
            let day = Date().addingTimeInterval(2 * 86_400)
            let date = day.formatted(.iso8601.year().month().day())
            let followUp = try await alice.succeed(["follows", "add", "--report", report, "--date", date, "--memo", "check BP"])
            _ = try await alice.succeed(["sync"])

            // On the server, with the report's scope (group) and owner group.
            let held = try await server.pull("FollowUp", account: "alice", password: Self.password)
            #expect(held.compactMap { $0["objectId"] as? String } == [followUp], "\(held)")
            let reports = try await server.pull("CaseReport", account: "alice", password: Self.password)
            #expect(held.first?["scope"] as? Int == 2)
            #expect(held.first?["ownerGroup"] as? String == reports.first?["ownerGroup"] as? String)

            // Carol, of the same group, gets it: listed, and due within the week.
            _ = try await carol.succeed(["sync"])
            let listed = try await carol.json(["follows", "list", "--json"]) as? [[String: Any]]
            #expect(listed?.compactMap { $0["id"] as? String } == [followUp], "\(String(describing: listed))")
            #expect(listed?.first?["reportId"] as? String == report)
            #expect(listed?.first?["memo"] as? String == "check BP")
            let due = try await carol.json(["follows", "due", "--days", "7", "--json"]) as? [[String: Any]]
            #expect(due?.compactMap { $0["id"] as? String } == [followUp], "\(String(describing: due))")

            // Dave, of another group, never: not on his device, not in his pull.
            _ = try await dave.succeed(["sync"])
            let his = try await dave.json(["follows", "list", "--json"]) as? [[String: Any]]
            #expect(his?.isEmpty == true, "\(String(describing: his))")
            #expect(try await server.pullAll("FollowUp", account: "dave", password: Self.password).isEmpty)

            // Alice deletes the report: its follow-up goes on the server and on carol's device.
            _ = try await alice.succeed(["reports", "delete", report])
            _ = try await alice.succeed(["sync"])
            #expect(try await server.pull("FollowUp", account: "carol", password: Self.password).isEmpty)
            _ = try await carol.succeed(["sync"])
            let left = try await carol.json(["follows", "list", "--json"]) as? [[String: Any]]
            #expect(left?.isEmpty == true, "\(String(describing: left))")
            let dueLeft = try await carol.json(["follows", "due", "--days", "7", "--json"]) as? [[String: Any]]
            #expect(dueLeft?.isEmpty == true, "\(String(describing: dueLeft))")
        }
    }
}
