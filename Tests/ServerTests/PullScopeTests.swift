import Foundation
import StrataWire
import Testing

/// `GET /v1/objects/{type}?scope=user|group|all` (a client's auto-refresh scope) narrows what a
/// pull returns to what the caller may see at that scope, and never widens it.
@Suite("a pull's scope narrows what the caller may see, never widens it")
struct PullScopeTests {
    @Test("user: own objects only; group: and the group's; all (the default): and everyone's; never another group's", arguments: TestEngine.allCases)
    func narrowing(engine: TestEngine) async throws {
        try await withInProcessServer(engine: engine) { server in
            let client = server.client
            let (alice, carol, bob) = try await server.tokens()  // alice and carol share a group, bob is in another
            #expect(try await client.push([.report("a-own", name: "A1", scope: 1), .report("a-group", name: "A2", scope: 2)], token: alice) == ["applied", "applied"])
            #expect(try await client.push([.report("c-group", name: "C2", scope: 2), .report("c-all", name: "C3", scope: 3)], token: carol) == ["applied", "applied"])
            #expect(try await client.push([.report("b-own", name: "B1", scope: 1), .report("b-group", name: "B2", scope: 2), .report("b-all", name: "B3", scope: 3)], token: bob) == ["applied", "applied", "applied"])

            func ids(_ token: String, _ scope: String?) async throws -> Set<String> {
                let (status, body) = try await client.send(
                    "GET", "\(WirePaths.objects)/CaseReport?since=0" + (scope.map { "&scope=\($0)" } ?? ""), token: token)
                #expect(status == 200, "\(String(decoding: body, as: UTF8.self))")
                return Set(try client.decode(PullResponse.self, body).objects.map(\.objectId))
            }
            #expect(try await ids(alice, "user") == ["a-own", "a-group"])
            #expect(try await ids(alice, "group") == ["a-own", "a-group", "c-group"])
            #expect(try await ids(alice, "all") == ["a-own", "a-group", "c-group", "c-all", "b-all"])
            #expect(try await ids(alice, nil) == ["a-own", "a-group", "c-group", "c-all", "b-all"])
            // Never wider than the caller's visibility: bob's own and group objects stay his.
            #expect(try await ids(bob, "group") == ["b-own", "b-group", "b-all"])
            #expect(try await ids(carol, "user") == ["c-group", "c-all"])
        }
    }

    @Test("a narrowed pull pages by version like any other, and an unknown scope is a 400 naming scope and the choices", arguments: TestEngine.allCases)
    func pagingAndBadScope(engine: TestEngine) async throws {
        try await withInProcessServer(engine: engine) { server in
            let client = server.client
            let (alice, carol, _) = try await server.tokens()
            for index in 0..<5 {
                _ = try await client.push([.report("c\(index)", name: "C", scope: 3)], token: carol)
                _ = try await client.push([.report("a\(index)", name: "A", scope: 1)], token: alice)
            }
            var seen: [String] = []
            var since: Int64 = 0
            while true {
                let (status, body) = try await client.send(
                    "GET", "\(WirePaths.objects)/CaseReport?since=\(since)&limit=2&scope=user", token: alice)
                #expect(status == 200)
                let page = try client.decode(PullResponse.self, body)
                seen += page.objects.map(\.objectId)
                since = page.cursor
                if !page.hasMore { break }
            }
            #expect(seen == (0..<5).map { "a\($0)" })

            let (status, body) = try await client.send("GET", "\(WirePaths.objects)/CaseReport?scope=everyone", token: alice)
            #expect(status == 400)
            let error = try client.decode(WireError.self, body)
            #expect(error.reason == "query parameter scope=everyone is unknown; expected user, group or all", "\(error)")
        }
    }
}
