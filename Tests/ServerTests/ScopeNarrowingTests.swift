import Foundation
import StrataWire
import Testing

/// When an object's scope narrows, those who lost it get a tombstone on their next pull, so it
/// leaves their devices; its values never reach them again.
@Suite("a narrowed scope sends a tombstone to those who lost the object")
struct ScopeNarrowingTests {
    @Test("all → user: another group's user and a group member each get one tombstone without values; the owner keeps it", arguments: TestEngine.allCases)
    func allToUser(engine: TestEngine) async throws {
        try await withInProcessServer(engine: engine) { server in
            let client = server.client
            let (alice, carol, bob) = try await server.tokens()
            #expect(try await client.push([.report("r1", name: "Public", scope: 3)], token: alice) == ["applied"])
            let bobBefore = try await client.pull("CaseReport", token: bob)
            let carolBefore = try await client.pull("CaseReport", token: carol)
            #expect(bobBefore.objects.map(\.objectId) == ["r1"] && carolBefore.objects.map(\.objectId) == ["r1"])

            #expect(try await client.push([Self.update("r1", name: "Secret", scope: 1)], token: alice) == ["applied"])
            for (token, before) in [(bob, bobBefore), (carol, carolBefore)] {
                let (status, body) = try await client.send(
                    "GET", "\(WirePaths.objects)/CaseReport?since=\(before.cursor)", token: token)
                #expect(status == 200)
                #expect(!String(decoding: body, as: UTF8.self).contains("Secret"))
                let after = try client.decode(PullResponse.self, body)
                #expect(after.objects.map(\.objectId) == ["r1"])
                #expect(after.objects.first?.deleted == true && after.objects.first?.values == [:])
                #expect(after.cursor > before.cursor)
                #expect(try await client.pull("CaseReport", since: after.cursor, token: token).objects.isEmpty)
            }
            let owner = try await client.pull("CaseReport", token: alice).objects
            #expect(owner.map(\.deleted) == [false] && owner.first?.values["name"] == .text("Secret"))
        }
    }

    @Test("group → user reaches the group's members only; all → group reaches only the other groups", arguments: TestEngine.allCases)
    func groupNarrowings(engine: TestEngine) async throws {
        try await withInProcessServer(engine: engine) { server in
            let client = server.client
            let (alice, carol, bob) = try await server.tokens()
            _ = try await client.push([.report("g", name: "Ward", scope: 2), .report("a", name: "All", scope: 3)], token: alice)
            let carolCursor = try await client.pull("CaseReport", token: carol).cursor
            let bobCursor = try await client.pull("CaseReport", token: bob).cursor

            let narrowings = [Self.update("g", name: "Mine", scope: 1), Self.update("a", name: "Ours", scope: 2)]
            #expect(try await client.push(narrowings, token: alice) == ["applied", "applied"])
            let carolAfter = try await client.pull("CaseReport", since: carolCursor, token: carol).objects
            #expect(carolAfter.map(\.objectId) == ["g", "a"])
            #expect(carolAfter.map(\.deleted) == [true, false])
            #expect(carolAfter.last?.values["name"] == .text("Ours"))
            let bobAfter = try await client.pull("CaseReport", since: bobCursor, token: bob).objects
            #expect(bobAfter.map(\.objectId) == ["a"] && bobAfter.map(\.deleted) == [true])
            #expect(bobAfter.first?.values == [:])
        }
    }

    @Test("an object narrowed and widened again comes back whole; a later update while hidden sends nothing more", arguments: TestEngine.allCases)
    func narrowThenWiden(engine: TestEngine) async throws {
        try await withInProcessServer(engine: engine) { server in
            let client = server.client
            let (alice, _, bob) = try await server.tokens()
            _ = try await client.push([.report("r", name: "One", scope: 3)], token: alice)
            let start = try await client.pull("CaseReport", token: bob).cursor
            _ = try await client.push([Self.update("r", name: "Two", scope: 1)], token: alice)
            let hidden = try await client.pull("CaseReport", since: start, token: bob)
            #expect(hidden.objects.map(\.deleted) == [true])
            _ = try await client.push([Self.update("r", name: "Three", scope: 1)], token: alice)
            #expect(try await client.pull("CaseReport", since: hidden.cursor, token: bob).objects.isEmpty)
            _ = try await client.push([Self.update("r", name: "Four", scope: 3)], token: alice)
            let back = try await client.pull("CaseReport", since: hidden.cursor, token: bob).objects
            #expect(back.map(\.deleted) == [false] && back.first?.values["name"] == .text("Four"))
            // A user who pulls only now, from the start, sees the live object once.
            #expect(try await client.pull("CaseReport", token: bob).objects.map(\.deleted) == [false])
        }
    }

    static func update(_ id: String, name: String, scope: Int) -> WireChange {
        WireChange(
            operationId: UUID().uuidString, typeName: "CaseReport", objectId: id, operation: "update",
            values: ["name": .text(name)], scope: scope)
    }
}
