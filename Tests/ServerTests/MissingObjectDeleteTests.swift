import Foundation
import StrataServerDomain
import StrataTestSupport
import StrataWire
import Testing

/// A delete of an object the server lacks (a restore lost it) keeps it deleted (issue 26, soak
/// seed 1100242): alice deletes her report, lost in a restore, with its follow-up; bob's edit of
/// the follow-up, made on his older copy, then met no object and created it again under no
/// report. The delete now leaves a tombstone, so a later write of either id is refused.
@Suite("a delete of an object the server lacks keeps it deleted: no later write creates it again")
struct MissingObjectDeleteTests {
    @Test("after alice deletes a report and follow-up the server lacks, bob's stale edits of them are refused and nobody sees them",
          arguments: TestEngine.allCases)
    func deleteOfMissingObjectsKeepsThemDeleted(engine: TestEngine) async throws {
        try await withInProcessServer(engine: engine) { server in
            let client = server.client
            let (alice, carol, _) = try await server.tokens()
            // The server never had them (as after a restore that lost them); alice's device deletes both.
            let deletes = [ParentCascadeTests.delete("FollowUp", "f1"), ParentCascadeTests.delete("CaseReport", "r")]
            #expect(try await client.push(deletes, token: alice) == ["applied", "applied"])
            // carol's edits of her older copies arrive afterwards.
            let edit = WireChange(
                operationId: UUID().uuidString, typeName: "CaseReport", objectId: "r", operation: "update",
                values: ["name": .text("Ann"), "age": .integer(50)], scope: 2)
            let results = try await ConflictPolicyTests.push(
                [edit, ParentCascadeTests.followUp("f1", of: "r", operation: "update")], client, token: carol)
            #expect(results.map(\.status) == ["rejected", "rejected"], "\(results.map(\.reason))")
            #expect(results.map(\.reason) == ["CaseReport r was deleted", "FollowUp f1 was deleted"])
            for token in [alice, carol] {
                #expect(try await ParentCascadeTests.liveFollowUps(client, token: token) == [])
                #expect(try await client.pull("CaseReport", token: token).objects.filter { !$0.deleted }.isEmpty)
            }
            // A new insert under the same id is refused too: the id is taken by a deleted object.
            #expect(try await client.push([.report("r", name: "Ann", scope: 2)], token: carol) == ["rejected"])
        }
    }
}
