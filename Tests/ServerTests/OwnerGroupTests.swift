import Foundation
import StrataServerDomain
import StrataWire
import Testing

/// An insert may name the group its new object is filed under (`WireChange.ownerGroup`, a
/// follow-up names its report's group): the server takes it only among the pushing user's own
/// groups, files the object there (so that group's members see it, and no one else's group),
/// and keeps the primary group when the change names none. An update never moves an object.
@Suite("an insert's owner group is one of the pusher's groups, or the primary one")
struct OwnerGroupTests {
    static func insert(_ id: String, ownerGroup: String?, operation: String = "insert") -> WireChange {
        WireChange(
            operationId: UUID().uuidString, typeName: "CaseReport", objectId: id, operation: operation,
            values: ["name": .text("Follow-up \(id)"), "memo": .text("private")], scope: 2, ownerGroup: ownerGroup)
    }

    /// Whether `token`'s user pulls `id`; the object when so.
    static func pulled(_ id: String, _ client: WireClient, token: String) async throws -> WireObject? {
        try await client.pull("CaseReport", token: token).objects.first { $0.objectId == id }
    }

    @Test(
        "alice, in nurses and doctors, files an insert under doctors: doctors' bob sees it, nurses-only carol never",
        arguments: TestEngine.allCases)
    func namedGroupOfTheUser(engine: TestEngine) async throws {
        try await withInProcessServer(engine: engine) { server in
            let client = server.client
            _ = try await server.services.admin.addMember(group: "doctors", account: "alice", role: "member")
            let alice = try await client.login("alice", app: server.app)
            let (nurses, doctors) = try (#require(alice.groups.first?.groupId), #require(alice.groups.last?.groupId))
            #expect(nurses != doctors)
            let (_, carol, bob) = try await server.tokens()

            #expect(try await client.push([Self.insert("f1", ownerGroup: doctors)], token: alice.token) == ["applied"])
            #expect(try await Self.pulled("f1", client, token: bob)?.ownerGroup == doctors)
            #expect(try await Self.pulled("f1", client, token: alice.token)?.ownerGroup == doctors)
            #expect(try await Self.pulled("f1", client, token: carol) == nil)

            // An update never moves the object, whatever group it names.
            #expect(try await client.push([Self.insert("f1", ownerGroup: nurses, operation: "update")], token: alice.token) == ["applied"])
            #expect(try await Self.pulled("f1", client, token: bob)?.ownerGroup == doctors)
            #expect(try await Self.pulled("f1", client, token: carol) == nil)
        }
    }

    @Test("an insert naming a group the user is not in is rejected alone, naming it; none named files it under the primary group", arguments: TestEngine.allCases)
    func otherGroupRejectedAbsentIsPrimary(engine: TestEngine) async throws {
        try await withInProcessServer(engine: engine) { server in
            let client = server.client
            let bobLogin = try await client.login("bob", app: server.app)
            let doctors = try #require(bobLogin.groups.first?.groupId)
            let alice = try await client.login("alice", app: server.app)
            let nurses = try #require(alice.groups.first?.groupId)
            let (_, carol, bob) = try await server.tokens()

            let (_, data) = try await client.send(
                "POST", WirePaths.changes, token: alice.token,
                json: PushRequest(changes: [Self.insert("f2", ownerGroup: doctors), Self.insert("f3", ownerGroup: nil)]))
            let results = try client.decode(PushResponse.self, data).results
            #expect(results.map(\.status) == ["rejected", "applied"])
            #expect(results.first?.reason == "changes[0].ownerGroup \(doctors) is not one of your groups")
            #expect(try await Self.pulled("f2", client, token: bob) == nil)
            #expect(try await Self.pulled("f2", client, token: alice.token) == nil)
            #expect(try await Self.pulled("f3", client, token: carol)?.ownerGroup == nurses)
            #expect(try await Self.pulled("f3", client, token: bob) == nil)
        }
    }

    @Test("ownerGroup round-trips through the hand-written JSON, and is left out when absent")
    func wireJSON() throws {
        let change = Self.insert("f4", ownerGroup: "g-1")
        var bytes: [UInt8] = []
        #expect(WireJSON.appendChange(change, to: &bytes))
        let decoded = try WireCoding.decoder().decode(WireChange.self, from: Data(bytes))
        #expect(decoded == change)
        let read = WireJSONReader.pushRequest(from: Array(WireJSON.pushRequest(changes: [bytes])))
        #expect(read?.changes == [change])
        var plain: [UInt8] = []
        #expect(WireJSON.appendChange(Self.insert("f5", ownerGroup: nil), to: &plain))
        #expect(!String(decoding: plain, as: UTF8.self).contains("ownerGroup"))
        #expect(Data(bytes) == (try WireCoding.encoder().encode(change)))
    }
}
