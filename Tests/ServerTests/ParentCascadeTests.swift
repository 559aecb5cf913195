import Foundation
import StrataServerDomain
import StrataTestSupport
import StrataWire
import Testing

/// Objects that belong to a parent (issue 26): a change of a follow-up names its report
/// (`parentType`, `parentId`). Deleting the report deletes every live follow-up of it on the
/// server, in the same write, whoever made them; a follow-up written under a report the server
/// holds as deleted is refused; one under a report the server never had is taken. An update of
/// an object the server lacks (re-sent after a restore) is filed under the group it names.
@Suite("deleting a parent deletes its children on the server; an update that creates an object takes its group")
struct ParentCascadeTests {
    /// An insert (or `operation`) of follow-up `id` of report `report`, in the group scope.
    static func followUp(
        _ id: String, of report: String, operation: String = "insert", ownerGroup: String? = nil, withParent: Bool = true
    ) -> WireChange {
        WireChange(
            operationId: UUID().uuidString, typeName: "FollowUp", objectId: id, operation: operation,
            values: ["caseReportID": .text(report), "note": .text("n")], scope: 2, ownerGroup: ownerGroup,
            parentType: withParent ? "CaseReport" : nil, parentId: withParent ? report : nil)
    }

    static func delete(_ type: String, _ id: String) -> WireChange {
        WireChange(operationId: UUID().uuidString, typeName: type, objectId: id, operation: "delete", values: [:], scope: 2)
    }

    /// The live follow-ups `token` pulls, by id.
    static func liveFollowUps(_ client: WireClient, token: String) async throws -> [String] {
        try await client.pull("FollowUp", token: token).objects.filter { !$0.deleted }.map(\.objectId).sorted()
    }

    @Test("deleting a report deletes its follow-ups, another user's too, and their tombstones reach who saw them", arguments: TestEngine.allCases)
    func deleteCascades(engine: TestEngine) async throws {
        try await withInProcessServer(engine: engine) { server in
            let client = server.client
            let (alice, carol, _) = try await server.tokens()
            #expect(try await client.push([.report("r", name: "Ann", scope: 2), .report("s", name: "Sam", scope: 2)], token: alice) == ["applied", "applied"])
            #expect(try await client.push([Self.followUp("f1", of: "r"), Self.followUp("g", of: "s")], token: alice) == ["applied", "applied"])
            #expect(try await client.push([Self.followUp("f2", of: "r")], token: carol) == ["applied"])
            let seen = try await client.pull("FollowUp", token: carol)
            #expect(seen.objects.map(\.objectId).sorted() == ["f1", "f2", "g"])
            #expect(try await client.push([Self.delete("CaseReport", "r")], token: alice) == ["applied"])
            for token in [alice, carol] {
                #expect(try await Self.liveFollowUps(client, token: token) == ["g"])
                // Versioned writes: a pull since the last one brings the tombstones.
                let tombstones = try await client.pull("FollowUp", since: seen.cursor, token: token).objects
                #expect(tombstones.filter(\.deleted).map(\.objectId).sorted() == ["f1", "f2"])
            }
        }
    }

    @Test("deleteAll of reports deletes every follow-up of them", arguments: TestEngine.allCases)
    func deleteAllCascades(engine: TestEngine) async throws {
        try await withInProcessServer(engine: engine) { server in
            let client = server.client
            let (alice, carol, _) = try await server.tokens()
            #expect(try await client.push([.report("r", name: "Ann", scope: 2), .report("s", name: "Sam", scope: 2)], token: alice) == ["applied", "applied"])
            #expect(try await client.push([Self.followUp("f1", of: "r"), Self.followUp("g", of: "s")], token: carol) == ["applied", "applied"])
            let all = WireChange(operationId: UUID().uuidString, typeName: "CaseReport", objectId: "*", operation: "deleteAll", values: [:], scope: 2)
            #expect(try await client.push([all], token: alice) == ["applied"])
            for token in [alice, carol] { #expect(try await Self.liveFollowUps(client, token: token) == []) }
        }
    }

    @Test("a follow-up written under a report the server deleted is refused, naming both", arguments: TestEngine.allCases)
    func childOfDeletedParentRefused(engine: TestEngine) async throws {
        try await withInProcessServer(engine: engine) { server in
            let client = server.client
            let (alice, carol, _) = try await server.tokens()
            #expect(try await client.push([.report("r", name: "Ann", scope: 2)], token: alice) == ["applied"])
            #expect(try await client.push([Self.followUp("f1", of: "r")], token: carol) == ["applied"])
            #expect(try await client.push([Self.delete("CaseReport", "r")], token: alice) == ["applied"])
            // carol's device had not pulled the delete: a new follow-up, and an edit of the old one.
            let results = try await ConflictPolicyTests.push(
                [Self.followUp("f2", of: "r"), Self.followUp("f1", of: "r", operation: "update")], client, token: carol)
            #expect(results.map(\.status) == ["rejected", "rejected"])
            #expect(results.first?.reason == "FollowUp f2: its CaseReport r was deleted")
            #expect(try await Self.liveFollowUps(client, token: carol) == [])
        }
    }

    @Test("a follow-up written under a report its user cannot see (another group's) is refused, and nothing is filed", arguments: TestEngine.allCases)
    func childOfInvisibleParentRefused(engine: TestEngine) async throws {
        try await withInProcessServer(engine: engine) { server in
            let client = server.client
            let (alice, _, bob) = try await server.tokens()
            #expect(try await client.push([.report("r", name: "Ann", scope: 2)], token: alice) == ["applied"])
            let results = try await ConflictPolicyTests.push([Self.followUp("f1", of: "r")], client, token: bob)
            #expect(results.map(\.status) == ["rejected"])
            #expect(results.first?.reason == "FollowUp f1: its CaseReport r is not visible to you")
            #expect(try await Self.liveFollowUps(client, token: bob) == [])
            #expect(try await Self.liveFollowUps(client, token: alice) == [])
        }
    }

    @Test("a follow-up of a report the server never had is taken; deleting the report later deletes it", arguments: TestEngine.allCases)
    func unknownParentAccepted(engine: TestEngine) async throws {
        try await withInProcessServer(engine: engine) { server in
            let client = server.client
            let (alice, carol, _) = try await server.tokens()
            #expect(try await client.push([Self.followUp("f1", of: "later")], token: carol) == ["applied"])
            #expect(try await client.push([.report("later", name: "Lee", scope: 2)], token: alice) == ["applied"])
            #expect(try await Self.liveFollowUps(client, token: alice) == ["f1"])
            #expect(try await client.push([Self.delete("CaseReport", "later")], token: alice) == ["applied"])
            #expect(try await Self.liveFollowUps(client, token: alice) == [])
        }
    }

    @Test("deleting a report the server lacks (a restore lost it) deletes the follow-ups of it the deleter sees; another group's stay", arguments: TestEngine.allCases)
    func deleteOfAMissingReportDeletesWhatTheDeleterSees(engine: TestEngine) async throws {
        try await withInProcessServer(engine: engine) { server in
            let client = server.client
            let (alice, carol, bob) = try await server.tokens()
            #expect(try await client.push([Self.followUp("f1", of: "lost")], token: carol) == ["applied"])
            #expect(try await client.push([Self.followUp("f2", of: "lost")], token: bob) == ["applied"])
            #expect(try await client.push([Self.delete("CaseReport", "lost")], token: alice) == ["applied"])
            #expect(try await Self.liveFollowUps(client, token: alice) == [])
            #expect(try await Self.liveFollowUps(client, token: carol) == [])
            #expect(try await Self.liveFollowUps(client, token: bob) == ["f2"], "bob's group's follow-up is not alice's to delete")
        }
    }

    @Test("an update that creates an object the server lacks is filed under the group it names, when the user is a member", arguments: TestEngine.allCases)
    func updateCreateTakesNamedGroup(engine: TestEngine) async throws {
        try await withInProcessServer(engine: engine) { server in
            let client = server.client
            // dave: primary group doctors, also a nurse.
            _ = try await server.services.admin.createUser(
                account: "dave", password: TestServer.password, memberships: [("doctors", "member"), ("nurses", "member")])
            let (alice, _, bob) = try await server.tokens()
            let daveLogin = try await client.login("dave", app: server.app)
            let nurses = try #require(daveLogin.groups.first { $0.groupName == "nurses" }?.groupId)
            let doctors = try #require(daveLogin.groups.first { $0.groupName == "doctors" }?.groupId)
            #expect(daveLogin.groups.first?.groupId == doctors)
            // After a restore the server lacks f: dave's unsent edit re-creates it.
            #expect(try await client.push([Self.followUp("f", of: "r", operation: "update", ownerGroup: nurses)], token: daveLogin.token) == ["applied"])
            let seen = try await client.pull("FollowUp", token: alice).objects.first { $0.objectId == "f" }
            #expect(seen?.ownerGroup == nurses)
            #expect(try await Self.liveFollowUps(client, token: bob) == [])
            // A group the user is not in: the primary group, as before.
            let foreign = try await client.login("bob", app: server.app).groups.first?.groupId
            let carolLogin = try await client.login("carol", app: server.app)
            #expect(try await client.push([Self.followUp("h", of: "r", operation: "update", ownerGroup: foreign ?? doctors)], token: carolLogin.token) == ["applied"])
            #expect(try await client.pull("FollowUp", token: alice).objects.first { $0.objectId == "h" }?.ownerGroup == carolLogin.groups.first?.groupId)
        }
    }

    @Test("a change's parent is checked as its own type and id are")
    func parentRules() async throws {
        try await withInProcessServer { server in
            let client = server.client
            let (alice, _, _) = try await server.tokens()
            var half = Self.followUp("f", of: "r")
            half.parentId = nil
            var badType = Self.followUp("f", of: "r")
            badType.parentType = "Case Report"
            var decomposed = Self.followUp("f", of: "r")
            decomposed.parentId = "e\u{301}"
            var onDelete = Self.delete("FollowUp", "f")
            onDelete.parentType = "CaseReport"
            onDelete.parentId = "r"
            let results = try await ConflictPolicyTests.push([half, badType, decomposed, onDelete], client, token: alice)
            #expect(results.map(\.status) == ["rejected", "rejected", "rejected", "rejected"])
            #expect(results[0].reason == "changes[0].parentType and parentId go together; one of them is missing")
            #expect(results[1].reason?.hasPrefix("changes[1].parentType: type name 'Case Report' is not valid") == true)
            #expect(results[2].reason?.hasPrefix("changes[2].parentId is not in Unicode normalization form C (NFC)") == true)
            #expect(results[3].reason == "changes[3].parentType is only for an insert or an update, not for delete")
        }
    }

    @Test("a change's parent travels as parentType and parentId, written by hand as the encoder writes it")
    func parentOnTheWire() throws {
        let change = Self.followUp("f", of: "r", operation: "update", ownerGroup: "g")
        var out: [UInt8] = []
        #expect(WireJSON.appendChange(change, to: &out))
        let text = String(decoding: out, as: UTF8.self)
        #expect(text.contains(#""ownerGroup":"g","parentId":"r","parentType":"CaseReport","scope":2"#), "\(text)")
        #expect(try WireCoding.decoder().decode(WireChange.self, from: Data(out)) == change)
        #expect(out == Array(try WireCoding.encoder().encode(change)))
    }
}
