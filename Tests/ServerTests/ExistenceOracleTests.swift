import Foundation
import StrataWire
import Testing

/// A write tells a user nothing of objects they cannot see: deleting an invisible, a missing and
/// an already deleted object answer alike, as fetch answers 404 alike.
@Suite("writes are no existence oracle")
struct ExistenceOracleTests {
    @Test("deleting another group's object, a missing one and an already deleted one all answer applied and change nothing", arguments: TestEngine.allCases)
    func deletesAnswerAlike(engine: TestEngine) async throws {
        try await withInProcessServer(engine: engine) { server in
            let client = server.client
            let (alice, _, bob) = try await server.tokens()
            #expect(try await client.push([.report("secret", name: "Ann", scope: 2)], token: alice) == ["applied"])
            #expect(try await client.push([.report("gone", name: "Ben", scope: 1)], token: bob) == ["applied"])
            #expect(try await client.push([Self.delete("gone", "bob-0")], token: bob) == ["applied"])

            let (_, data) = try await client.send(
                "POST", WirePaths.changes, token: bob,
                json: PushRequest(changes: [
                    Self.delete("secret", "bob-1"), Self.delete("never", "bob-2"), Self.delete("gone", "bob-3"),
                ]))
            let results = try client.decode(PushResponse.self, data).results
            #expect(results.map(\.status) == ["applied", "applied", "applied"])
            #expect(results.allSatisfy { $0.reason == nil })
            let pulled = try await client.pull("CaseReport", token: alice).objects
            #expect(pulled.map(\.objectId) == ["secret"])
            #expect(pulled.first?.deleted == false && pulled.first?.values["name"] == .text("Ann"))
        }
    }

    @Test("an update of another group's object is refused with one reason, whether it is live or deleted", arguments: TestEngine.allCases)
    func updatesAnswerAlike(engine: TestEngine) async throws {
        try await withInProcessServer(engine: engine) { server in
            let client = server.client
            let (alice, _, bob) = try await server.tokens()
            _ = try await client.push([.report("live", name: "Ann", scope: 2), .report("dead", name: "Ben", scope: 2)], token: alice)
            #expect(try await client.push([Self.delete("dead", "alice-del")], token: alice) == ["applied"])
            let updates = ["live", "dead"].map { id in
                WireChange(
                    operationId: "bob-\(id)", typeName: "CaseReport", objectId: id, operation: "update",
                    values: ["name": .text("X")], scope: 3)
            }
            let (_, data) = try await client.send("POST", WirePaths.changes, token: bob, json: PushRequest(changes: updates))
            let results = try client.decode(PushResponse.self, data).results
            #expect(results.map(\.status) == ["rejected", "rejected"])
            let reasons = zip(results, ["live", "dead"]).map { $0.reason?.replacingOccurrences(of: $1, with: "ID") }
            #expect(reasons[0] != nil && reasons[0] == reasons[1])
        }
    }

    static func delete(_ id: String, _ operationId: String) -> WireChange {
        WireChange(operationId: operationId, typeName: "CaseReport", objectId: id, operation: "delete", values: [:], scope: 1)
    }
}
