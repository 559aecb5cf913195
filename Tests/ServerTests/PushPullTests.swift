import Foundation
import StrataWire
import Testing

@Suite("push exactly once, pull since a cursor")
struct PushPullTests {
    @Test("the same batch sent twice is applied once")
    func sameBatchTwice() async throws {
        let server = try await TestServer.start()
        defer { Task { await server.stop() } }
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

    @Test("a pull since a cursor returns only later changes, deletions as deleted")
    func pullSinceCursor() async throws {
        let server = try await TestServer.start()
        defer { Task { await server.stop() } }
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

    @Test("a pull pages with limit and hasMore")
    func pullPages() async throws {
        let server = try await TestServer.start()
        defer { Task { await server.stop() } }
        let client = server.client
        let alice = try await client.login("alice", app: server.app).token
        _ = try await client.push((1...5).map { WireChange.report("r\($0)", name: "N\($0)", scope: 1) }, token: alice)
        let (_, data) = try await client.send("GET", "\(WirePaths.objects)/CaseReport?since=0&limit=3", token: alice)
        let page = try client.decode(PullResponse.self, data)
        #expect(page.objects.count == 3 && page.hasMore)
        let rest = try await client.pull("CaseReport", since: page.cursor, token: alice)
        #expect(rest.objects.map(\.objectId) == ["r4", "r5"] && !rest.hasMore)
    }

    @Test("an invalid change is rejected with a reason, the rest of the batch applies")
    func invalidChangeRejected() async throws {
        let server = try await TestServer.start()
        defer { Task { await server.stop() } }
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
