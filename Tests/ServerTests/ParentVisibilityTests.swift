import Foundation
import StrataServerDomain
import StrataTestSupport
import StrataWire
import Testing

/// An object filed under a parent is seen only while its parent is (issue 26, soak seed
/// 1000009): carol files a follow-up under alice's group report, then leaves the group. The
/// follow-up is hers, but it is about alice's patient: a pull, a fetch by id, a query and a
/// write of it treat it as gone for her, while alice still sees it.
@Suite("a follow-up is seen only while its report is: its author removed from the report's group loses it")
struct ParentVisibilityTests {
    @Test("carol, removed from the report's group, no longer pulls, fetches, queries or writes the follow-up she filed; alice still sees it",
          arguments: TestEngine.allCases)
    func authorRemovedFromTheReportsGroupLosesTheFollowUp(engine: TestEngine) async throws {
        try await withInProcessServer(engine: engine) { server in
            let client = server.client
            let (alice, carol, _) = try await server.tokens()
            #expect(try await client.push([.report("r", name: "Ann", scope: 2)], token: alice) == ["applied"])
            #expect(try await client.push([ParentCascadeTests.followUp("f1", of: "r")], token: carol) == ["applied"])
            #expect(try await ParentCascadeTests.liveFollowUps(client, token: carol) == ["f1"])
            #expect(try await Self.fetch("f1", token: carol, client) == 200)

            _ = try await server.services.admin.removeMember(group: "nurses", account: "carol")
            let out = try await client.login("carol", app: server.app).token
            #expect(try await ParentCascadeTests.liveFollowUps(client, token: out) == [])
            #expect(try await Self.fetch("f1", token: out, client) == 404)
            #expect(try await client.query("FollowUp", QueryRequest(), token: out).objects.isEmpty)
            let edit = try await ConflictPolicyTests.push(
                [ParentCascadeTests.followUp("f1", of: "r", operation: "update")], client, token: out)
            #expect(edit.map(\.status) == ["rejected"])
            // A delete of it is not hers to make now either: it stays for alice.
            #expect(try await client.push([ParentCascadeTests.delete("FollowUp", "f1")], token: out) == ["applied"])
            #expect(try await ParentCascadeTests.liveFollowUps(client, token: alice) == ["f1"])
            #expect(try await Self.fetch("f1", token: alice, client) == 200)
            #expect(try await client.query("FollowUp", QueryRequest(), token: alice).objects.map(\.objectId) == ["f1"])

            // Back in the group, she sees it again.
            _ = try await server.services.admin.addMember(group: "nurses", account: "carol", role: "member")
            let back = try await client.login("carol", app: server.app).token
            #expect(try await ParentCascadeTests.liveFollowUps(client, token: back) == ["f1"])
        }
    }

    @Test("a follow-up of the author's own private report, and one whose report the server lacks, stay hers", arguments: TestEngine.allCases)
    func ownParentAndMissingParentKeepTheirVisibility(engine: TestEngine) async throws {
        try await withInProcessServer(engine: engine) { server in
            let client = server.client
            let (_, carol, _) = try await server.tokens()
            #expect(try await client.push([.report("mine", name: "Mo", scope: 1)], token: carol) == ["applied"])
            #expect(
                try await client.push(
                    [ParentCascadeTests.followUp("f1", of: "mine"), ParentCascadeTests.followUp("f2", of: "lost")], token: carol)
                    == ["applied", "applied"])
            _ = try await server.services.admin.removeMember(group: "nurses", account: "carol")
            let out = try await client.login("carol", app: server.app).token
            #expect(try await ParentCascadeTests.liveFollowUps(client, token: out) == ["f1", "f2"])
        }
    }

    /// `GET /v1/objects/FollowUp/{id}`: the status.
    static func fetch(_ id: String, token: String, _ client: WireClient) async throws -> Int {
        try await client.send("GET", "\(WirePaths.objects)/FollowUp/\(WirePaths.segment(id))", token: token).0
    }
}
