import Foundation
import StrataServerDomain
import StrataWire
import Testing

/// Roles through a real server: alice leads nurses, carol is a member of nurses, bob a member
/// of doctors (``InProcessServer``). A refused change is `rejected` with the rule's reason,
/// which the client's journal keeps with the change.
@Suite("roles: what a lead, a member and an administrator may write, through push")
struct RoleTests {
    @Test("a member's delete of another's group object is rejected with its reason; a lead's succeeds", arguments: TestEngine.allCases)
    func deleteGroupObjects(engine: TestEngine) async throws {
        try await withInProcessServer(engine: engine) { server in
            let client = server.client
            let (alice, carol, _) = try await server.tokens()
            #expect(try await client.push([.report("a1", name: "Ann", scope: 2)], token: alice) == ["applied"])
            #expect(try await client.push([.report("c1", name: "Cid", scope: 2), .report("c2", name: "Cy", scope: 2)], token: carol) == ["applied", "applied"])

            let refused = try await Self.results([Self.delete("a1")], token: carol, client)
            #expect(refused.map(\.status) == ["rejected"])
            #expect(refused.first?.reason == "CaseReport a1: a member may not delete another member's object")
            #expect(try await Self.results([Self.delete("c2")], token: carol, client).map(\.status) == ["applied"], "her own")
            #expect(try await Self.results([Self.delete("c1")], token: alice, client).map(\.status) == ["applied"], "the lead")

            let left = try await client.pull("CaseReport", token: alice).objects
            #expect(left.filter { !$0.deleted }.map(\.objectId) == ["a1"])
            // The refused change's id was not recorded: sent again after the rule allows it, it applies.
            _ = try await server.services.admin.setRole(group: "nurses", account: "carol", role: "lead")
            let retried = try await Self.results([Self.delete("a1", operationId: refused.first!.operationId)], token: carol, client)
            #expect(retried.map(\.status) == ["applied"], "a role change takes effect at the next request")
        }
    }

    @Test("a member edits another's group object but may not change its scope; a lead may", arguments: TestEngine.allCases)
    func editAndScope(engine: TestEngine) async throws {
        try await withInProcessServer(engine: engine) { server in
            let client = server.client
            let (alice, carol, _) = try await server.tokens()
            _ = try await client.push([.report("a1", name: "Ann", scope: 2)], token: alice)
            _ = try await client.push([.report("c1", name: "Cid", scope: 2)], token: carol)

            #expect(try await Self.results([Self.update("a1", name: "Ann B", scope: 2)], token: carol, client).map(\.status) == ["applied"])
            let widened = try await Self.results([Self.update("a1", name: "Ann C", scope: 3)], token: carol, client)
            #expect(widened.map(\.status) == ["rejected"])
            #expect(widened.first?.reason == "CaseReport a1: a member may not change the scope of another member's object")

            #expect(try await Self.results([Self.update("c1", name: "Cid", scope: 1)], token: alice, client).map(\.status) == ["applied"])
            let objects = try await client.pull("CaseReport", token: carol).objects
            #expect(objects.first { $0.objectId == "a1" }?.values["name"] == .text("Ann B"))
            #expect(objects.first { $0.objectId == "a1" }?.scope == 2)
            #expect(objects.first { $0.objectId == "c1" }?.scope == 1, "the lead narrowed it to its owner")
            #expect(try await client.send("GET", "\(WirePaths.objects)/CaseReport/c1", token: alice).0 == 404)
        }
    }

    @Test("an all-scope object is writable only by its owner and by administrators", arguments: TestEngine.allCases)
    func allScope(engine: TestEngine) async throws {
        try await withInProcessServer(engine: engine) { server in
            let client = server.client
            let (alice, carol, bob) = try await server.tokens()
            _ = try await client.push([.report("n1", name: "Notice", scope: 3)], token: carol)

            let edit = try await Self.results([Self.update("n1", name: "X", scope: 3)], token: bob, client)
            #expect(edit.first?.reason == "CaseReport n1: only its owner or an administrator may edit an all-scope object")
            let lead = try await Self.results([Self.delete("n1")], token: alice, client)
            #expect(lead.first?.reason == "CaseReport n1: only its owner or an administrator may delete an all-scope object")
            #expect(try await Self.results([Self.update("n1", name: "Mine", scope: 3)], token: carol, client).map(\.status) == ["applied"])

            _ = try await server.services.admin.setAdministrator(account: "bob", true)
            #expect(try await server.services.admin.administrators().map(\.account) == ["bob"])
            #expect(try await Self.results([Self.update("n1", name: "Admin", scope: 3)], token: bob, client).map(\.status) == ["applied"])
            #expect(try await Self.results([Self.delete("n1")], token: bob, client).map(\.status) == ["applied"])
            #expect(try await client.pull("CaseReport", token: carol).objects.map(\.deleted) == [true])

            _ = try await server.services.admin.setAdministrator(account: "bob", false)
            _ = try await client.push([.report("n2", name: "Again", scope: 3)], token: carol)
            #expect(try await Self.results([Self.delete("n2")], token: bob, client).map(\.status) == ["rejected"], "revoked")
        }
    }

    @Test("a deleteAll that would delete an object the caller may not deletes nothing, and says which", arguments: TestEngine.allCases)
    func deleteAllIsWhole(engine: TestEngine) async throws {
        try await withInProcessServer(engine: engine) { server in
            let client = server.client
            let (alice, carol, _) = try await server.tokens()
            _ = try await client.push([.report("a1", name: "Ann", scope: 2), .report("a2", name: "Al", scope: 3)], token: alice)
            _ = try await client.push([.report("c1", name: "Cid", scope: 2)], token: carol)
            let all = WireChange(operationId: "all-1", typeName: "CaseReport", objectId: "*", operation: "deleteAll", values: [:], scope: 1)

            let refused = try await Self.results([all], token: carol, client)
            #expect(refused.map(\.status) == ["rejected"])
            #expect(
                refused.first?.reason
                    == "deleteAll deleted nothing: CaseReport a1: a member may not delete another member's object (and 1 more)")
            #expect(try await client.pull("CaseReport", token: carol).objects.allSatisfy { !$0.deleted })

            // The lead may delete the group's objects (and her own all-scope one).
            #expect(try await Self.results([all], token: alice, client).map(\.status) == ["applied"])
            #expect(try await client.pull("CaseReport", token: carol).objects.allSatisfy(\.deleted))
        }
    }

    static func results(_ changes: [WireChange], token: String, _ client: WireClient) async throws -> [ChangeResult] {
        let (status, data) = try await client.send("POST", WirePaths.changes, token: token, json: PushRequest(changes: changes))
        guard status == 200 else { throw WireError(error: "status \(status)", reason: String(decoding: data, as: UTF8.self)) }
        return try client.decode(PushResponse.self, data).results
    }

    static func delete(_ id: String, operationId: String = UUID().uuidString) -> WireChange {
        WireChange(operationId: operationId, typeName: "CaseReport", objectId: id, operation: "delete", values: [:], scope: 2)
    }

    static func update(_ id: String, name: String, scope: Int) -> WireChange {
        WireChange(
            operationId: UUID().uuidString, typeName: "CaseReport", objectId: id, operation: "update",
            values: ["name": .text(name)], scope: scope)
    }
}
