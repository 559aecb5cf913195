import Foundation
import StrataWire
import Testing

@Suite("push exactly once, pull since a cursor")
struct PushPullTests {
    @Test("the same batch sent twice is applied once", arguments: TestEngine.allCases)
    func sameBatchTwice(engine: TestEngine) async throws {
        try await withInProcessServer(engine: engine) { server in
            let client = server.client
            let alice = try await client.login("alice", app: server.app).token
            let batch = [
                WireChange.report("a", name: "Ann", scope: 2, operationId: "op-a"),
                WireChange.report("b", name: "Ben", scope: 2, operationId: "op-b"),
                WireChange(
                    operationId: "op-c", typeName: "CaseReport", objectId: "a", operation: "update",
                    values: ["name": .text("Ann 2")], scope: 2),
            ]
            #expect(try await client.push(batch, token: alice) == ["applied", "applied", "applied"])
            let first = try await client.pull("CaseReport", token: alice)
            #expect(try await client.push(batch, token: alice) == ["duplicate", "duplicate", "duplicate"])
            let second = try await client.pull("CaseReport", token: alice)
            #expect(first == second, "a duplicate batch changes nothing, not even versions")
            #expect(second.objects.count == 2)
            #expect(second.objects.first { $0.objectId == "a" }?.values["name"] == .text("Ann 2"))
        }
    }

    @Test("changes of one batch see each other: a repeated id is a duplicate, a deleted object takes no later write", arguments: TestEngine.allCases)
    func changesOfOneBatchSeeEachOther(engine: TestEngine) async throws {
        try await withInProcessServer(engine: engine) { server in
            let client = server.client
            let alice = try await client.login("alice", app: server.app).token
            _ = try await client.push([.report("old", name: "Olga", scope: 2, operationId: "op-0")], token: alice)
            func change(_ id: String, _ operation: String, _ objectId: String, name: String? = nil) -> WireChange {
                WireChange(
                    operationId: id, typeName: "CaseReport", objectId: objectId, operation: operation,
                    values: name.map { ["name": .text($0)] } ?? [:], scope: 2)
            }
            let batch = [
                change("op-1", "insert", "x", name: "Xena"),
                change("op-1", "insert", "y", name: "Yann"),  // the id the change before used: a duplicate
                change("op-0", "update", "old", name: "Olga 2"),  // an id of an earlier batch: a duplicate
                change("op-2", "update", "old", name: "Olga 3"),
                change("op-3", "delete", "x"),
                change("op-4", "update", "x", name: "Xena 2"),  // deleted by the change before
                change("op-5", "insert", "z", name: "Zoe"),
                WireChange(operationId: "op-6", typeName: "CaseReport", objectId: "", operation: "deleteAll", values: [:], scope: 2),
                change("op-7", "update", "z", name: "Zoe 2"),  // deleted by the deleteAll before
            ]
            let results = try await client.push(batch, token: alice)
            #expect(results == ["applied", "duplicate", "duplicate", "applied", "applied", "rejected", "applied", "applied", "rejected"])
            let objects = try await client.pull("CaseReport", token: alice).objects
            #expect(objects.map(\.objectId).sorted() == ["old", "x", "z"])
            #expect(objects.allSatisfy { $0.deleted })
            #expect(try await client.push(batch, token: alice).allSatisfy { $0 == "duplicate" || $0 == "rejected" })
        }
    }

    @Test("a pull since a cursor returns only later changes, deletions as deleted", arguments: TestEngine.allCases)
    func pullSinceCursor(engine: TestEngine) async throws {
        try await withInProcessServer(engine: engine) { server in
            let client = server.client
            let alice = try await client.login("alice", app: server.app).token
            let carol = try await client.login("carol", app: server.app).token
            _ = try await client.push([.report("a", name: "Ann", scope: 2), .report("b", name: "Ben", scope: 2)], token: alice)
            let first = try await client.pull("CaseReport", token: carol)
            #expect(first.objects.count == 2 && !first.hasMore)
            let delete = WireChange(
                operationId: "del-a", typeName: "CaseReport", objectId: "a", operation: "delete", values: [:], scope: 2)
            #expect(try await client.push([delete], token: alice) == ["applied"])
            let next = try await client.pull("CaseReport", since: first.cursor, token: carol)
            #expect(next.objects.map(\.objectId) == ["a"])
            #expect(next.objects.first?.deleted == true)
            #expect(try await client.send("GET", "\(WirePaths.objects)/CaseReport/a", token: carol).0 == 404)
            #expect(try await client.pull("CaseReport", since: next.cursor, token: carol).objects.isEmpty)
        }
    }

    @Test("a pull pages with limit and hasMore", arguments: TestEngine.allCases)
    func pullPages(engine: TestEngine) async throws {
        try await withInProcessServer(engine: engine) { server in
            let client = server.client
            let alice = try await client.login("alice", app: server.app).token
            _ = try await client.push((1...5).map { WireChange.report("r\($0)", name: "N\($0)", scope: 1) }, token: alice)
            let (_, data) = try await client.send("GET", "\(WirePaths.objects)/CaseReport?since=0&limit=3", token: alice)
            let page = try client.decode(PullResponse.self, data)
            #expect(page.objects.count == 3 && page.hasMore)
            let rest = try await client.pull("CaseReport", since: page.cursor, token: alice)
            #expect(rest.objects.map(\.objectId) == ["r4", "r5"] && !rest.hasMore)
        }
    }

    @Test("more changes than a push may carry get 413 and nothing is applied", arguments: TestEngine.allCases)
    func tooManyChanges(engine: TestEngine) async throws {
        try await withInProcessServer(engine: engine) { server in
            let client = server.client
            let alice = try await client.login("alice", app: server.app).token
            let batch = (0...1000).map { WireChange.report("r\($0)", name: "N", scope: 1) }
            let (status, data) = try await client.send("POST", WirePaths.changes, token: alice, json: PushRequest(changes: batch))
            #expect(status == 413)
            #expect(String(decoding: data, as: UTF8.self).contains("at most 1000 changes, not 1001"))
            #expect(try await client.pull("CaseReport", token: alice).objects.isEmpty)
        }
    }

    @Test("values of every kind come back from a pull exactly as pushed, however the body is spaced", arguments: TestEngine.allCases)
    func valuesRoundTrip(engine: TestEngine) async throws {
        try await withInProcessServer(engine: engine) { server in
            let client = server.client
            let alice = try await client.login("alice", app: server.app).token
            let values = WireJSONTests.values
            let fast = WireChange(operationId: "v1", typeName: "CaseReport", objectId: "fast", operation: "insert", values: values, scope: 1)
            #expect(try await client.push([fast], token: alice) == ["applied"])
            // A pretty-printed body with an unknown key takes the decoder's path; it applies the same.
            let encoder = WireCoding.encoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            var slow = try JSONSerialization.jsonObject(with: encoder.encode(PushRequest(changes: [fast]))) as? [String: Any]
            var changes = slow?["changes"] as? [[String: Any]] ?? []
            changes[0]["operationId"] = "v2"
            changes[0]["objectId"] = "slow"
            changes[0]["comment"] = "ignored"
            slow?["changes"] = changes
            let body = try JSONSerialization.data(withJSONObject: slow ?? [:], options: [.prettyPrinted])
            let (status, answer) = try await client.send("POST", WirePaths.changes, token: alice, body: body)
            #expect(status == 200)
            #expect(try client.decode(PushResponse.self, answer).results.map(\.status) == ["applied"])
            let pulled = try await client.pull("CaseReport", token: alice).objects
            #expect(pulled.map(\.objectId) == ["fast", "slow"])
            #expect(pulled.allSatisfy { $0.values == values })
        }
    }

    @Test("an invalid change is rejected with a reason, the rest of the batch applies", arguments: TestEngine.allCases)
    func invalidChangeRejected(engine: TestEngine) async throws {
        try await withInProcessServer(engine: engine) { server in
            let client = server.client
            let alice = try await client.login("alice", app: server.app).token
            let bad = WireChange(
                operationId: "bad", typeName: "Case Report; DROP", objectId: "x", operation: "insert", values: [:], scope: 2)
            let (_, data) = try await client.send(
                "POST", WirePaths.changes, token: alice, json: PushRequest(changes: [bad, .report("ok", name: "Ok", scope: 2)]))
            let results = try client.decode(PushResponse.self, data).results
            #expect(results.map(\.status) == ["rejected", "applied"])
            #expect(results[0].reason?.contains("type name") == true)
        }
    }
}
