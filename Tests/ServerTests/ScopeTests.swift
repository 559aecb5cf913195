import Foundation
import StrataWire
import Testing

@Suite("scopes: who sees which objects, through every endpoint")
struct ScopeTests {
    @Test("two users of one group see each other's group-scope objects; another group and no token see nothing", arguments: TestEngine.allCases)
    func groupScope(engine: TestEngine) async throws {
        try await withInProcessServer(engine: engine) { server in
            let client = server.client
            let (alice, carol, bob) = try await server.tokens()
            #expect(try await client.push([.report("r1", name: "Ann", scope: 2)], token: alice) == ["applied"])
            #expect(try await client.push([.report("r2", name: "Ben", scope: 2)], token: carol) == ["applied"])

            #expect(try await client.pull("CaseReport", token: carol).objects.map(\.objectId) == ["r1", "r2"])
            #expect(try await client.pull("CaseReport", token: alice).objects.map(\.objectId) == ["r1", "r2"])
            let (fetched, body) = try await client.send("GET", "\(WirePaths.objects)/CaseReport/r1", token: carol)
            #expect(fetched == 200)
            #expect(try client.decode(WireObject.self, body).values["name"] == .text("Ann"))

            // Another group: nothing through pull, fetch, or a write.
            #expect(try await client.pull("CaseReport", token: bob).objects.isEmpty)
            let (missing, _) = try await client.send("GET", "\(WirePaths.objects)/CaseReport/r1", token: bob)
            let (absent, _) = try await client.send("GET", "\(WirePaths.objects)/CaseReport/never", token: bob)
            #expect(missing == 404 && absent == 404, "invisible and missing must look the same")
            let overwrite = WireChange(
                operationId: "bob-1", typeName: "CaseReport", objectId: "r1", operation: "update", values: ["name": .text("X")],
                scope: 3)
            #expect(try await client.push([overwrite], token: bob) == ["rejected"])
            let delete = WireChange(
                operationId: "bob-2", typeName: "CaseReport", objectId: "*", operation: "deleteAll", values: [:], scope: 1)
            #expect(try await client.push([delete], token: bob) == ["applied"])
            #expect(try await client.pull("CaseReport", token: alice).objects.allSatisfy { !$0.deleted })

            // No token: 401 everywhere, no data.
            for (method, path) in [
                ("GET", "\(WirePaths.objects)/CaseReport"), ("GET", "\(WirePaths.objects)/CaseReport/r1"),
                ("POST", WirePaths.changes), ("GET", WirePaths.config), ("POST", WirePaths.logs), ("POST", WirePaths.devices),
                ("GET", "\(WirePaths.devices)/d1/messages"),
            ] {
                let body = method == "POST" ? Data("{}".utf8) : nil  // URLSession on Linux refuses a GET with a body
                let (status, data) = try await client.send(method, path, token: nil, body: body)
                #expect(status == 401, "\(method) \(path)")
                #expect(!String(decoding: data, as: UTF8.self).contains("Ann"))
            }
            let (forged, _) = try await client.send("GET", "\(WirePaths.objects)/CaseReport", token: "forged-token")
            #expect(forged == 401)
        }
    }

    @Test("a user-scope object is visible only to its creator", arguments: TestEngine.allCases)
    func userScope(engine: TestEngine) async throws {
        try await withInProcessServer(engine: engine) { server in
            let client = server.client
            let (alice, carol, _) = try await server.tokens()
            #expect(try await client.push([.report("mine", name: "Private", scope: 1)], token: alice) == ["applied"])
            #expect(try await client.pull("CaseReport", token: alice).objects.map(\.objectId) == ["mine"])
            #expect(try await client.pull("CaseReport", token: carol).objects.isEmpty)
            #expect(try await client.send("GET", "\(WirePaths.objects)/CaseReport/mine", token: carol).0 == 404)
            #expect(try await client.send("GET", "\(WirePaths.objects)/CaseReport/mine", token: alice).0 == 200)
        }
    }

    @Test("an all-scope object is visible to every user of the app", arguments: TestEngine.allCases)
    func allScope(engine: TestEngine) async throws {
        try await withInProcessServer(engine: engine) { server in
            let client = server.client
            let (alice, _, bob) = try await server.tokens()
            #expect(try await client.push([.report("public", name: "Notice", scope: 3)], token: alice) == ["applied"])
            #expect(try await client.pull("CaseReport", token: bob).objects.map(\.objectId) == ["public"])
        }
    }
}
