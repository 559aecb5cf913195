import Foundation
import Logging
import StrataServerData
import StrataTestSupport
import StrataWire
import Testing

/// Ids that differ in bytes but are canonically equal Unicode (`K` and U+212A KELVIN SIGN, `é`
/// and `e` + U+0301, `が` and `か` + U+3099) are one id for Swift's `String` and two for the
/// databases. The server takes ids in NFC only (a change with another form is rejected naming
/// the field and its place in the batch; a fetch gets 400), and its own look-ups compare bytes,
/// so no twin ever stands for another id.
@Suite("canonically equivalent ids: one identity, the exact NFC bytes, on every look-up")
struct CanonicalIdTests {
    /// A victim's id in NFC, and its canonically equivalent twin in other bytes.
    static let twins: [(victim: String, twin: String)] = [
        ("Kyoto-K", "Kyoto-\u{212A}"), ("caf\u{E9}", "cafe\u{301}"), ("\u{4EAC}\u{90FD}\u{304C}", "\u{4EAC}\u{90FD}\u{304B}\u{3099}"),
    ]

    static func update(_ id: String, name: String, scope: Int) -> WireChange {
        WireChange(
            operationId: UUID().uuidString, typeName: "CaseReport", objectId: id, operation: "update",
            values: ["name": .text(name)], scope: scope)
    }

    /// Pushes `changes`; the results.
    static func push(_ changes: [WireChange], token: String, _ client: WireClient) async throws -> [ChangeResult] {
        let (status, data) = try await client.send("POST", WirePaths.changes, token: token, json: PushRequest(changes: changes))
        #expect(status == 200, "\(String(decoding: data, as: UTF8.self))")
        return try client.decode(PushResponse.self, data).results
    }

    /// `GET /v1/objects/CaseReport/{id}`: the status and the object, when 200.
    static func fetch(_ id: String, token: String, _ client: WireClient) async throws -> (Int, WireObject?, String) {
        let (status, data) = try await client.send("GET", "\(WirePaths.objects)/CaseReport/\(WirePaths.segment(id))", token: token)
        let text = String(decoding: data, as: UTF8.self)
        return (status, status == 200 ? try client.decode(WireObject.self, data) : nil, text)
    }

    @Test("another group's user cannot insert a twin of an id, nor through it overwrite, re-own or delete the victim's object", arguments: TestEngine.allCases)
    func twinFromAnotherGroup(engine: TestEngine) async throws {
        try await withInProcessServer(engine: engine) { server in
            let client = server.client
            let (alice, _, bob) = try await server.tokens()
            let aliceId = try await client.login("alice", app: server.app).userId
            for (victim, twin) in Self.twins {
                #expect(try await client.push([.report(victim, name: "Original", scope: 2)], token: alice) == ["applied"])

                let inserted = try await Self.push([.report(twin, name: "Twin", scope: 1)], token: bob, client)
                #expect(inserted.map(\.status) == ["rejected"], "\(victim)")
                #expect(
                    inserted.first?.reason
                        == "changes[0].objectId is not in Unicode normalization form C (NFC); send the id composed, as ids are compared byte for byte")
                let attack = try await Self.push(
                    [Self.update(twin, name: "Taken", scope: 3), Self.update(victim, name: "Taken", scope: 3)], token: bob, client)
                #expect(attack.map(\.status) == ["rejected", "rejected"], "\(attack)")
                #expect(attack.first?.reason?.hasPrefix("changes[0].objectId is not in Unicode normalization form C") == true)
                let deleted = try await Self.push(
                    [WireChange(
                        operationId: UUID().uuidString, typeName: "CaseReport", objectId: twin, operation: "delete", values: [:],
                        scope: 2)], token: bob, client)
                #expect(deleted.map(\.status) == ["rejected"], "\(deleted)")

                // The owner still fetches and pulls the object as it was; the attacker sees nothing.
                let (status, object, _) = try await Self.fetch(victim, token: alice, client)
                #expect(status == 200, "\(victim)")
                #expect(object?.values["name"] == .text("Original") && object?.ownerUser == aliceId && object?.scope == 2)
                let pulled = try await client.pull("CaseReport", token: alice).objects.filter { $0.objectId.utf8.elementsEqual(victim.utf8) }
                #expect(pulled.count == 1 && pulled.first?.values["name"] == .text("Original") && pulled.first?.ownerUser == aliceId)
                #expect(try await client.pull("CaseReport", token: bob).objects.isEmpty)
                #expect(try await Self.fetch(victim, token: bob, client).0 == 404)
            }
            // No twin was ever stored.
            let ids = try await client.pull("CaseReport", token: alice).objects.map { Array($0.objectId.utf8) }
            #expect(ids == Self.twins.map { Array($0.victim.utf8) })
        }
    }

    @Test("a member cannot take the lead's all-scope object through a twin of its id", arguments: TestEngine.allCases)
    func twinOfTheLeadsObject(engine: TestEngine) async throws {
        try await withInProcessServer(engine: engine) { server in
            let client = server.client
            let (alice, carol, _) = try await server.tokens()
            let aliceId = try await client.login("alice", app: server.app).userId
            for (victim, twin) in Self.twins {
                #expect(try await client.push([.report(victim, name: "Lead's", scope: 3)], token: alice) == ["applied"])
                // Without a twin, the member's edit of the lead's object is refused by the rules.
                #expect(try await Self.push([Self.update(victim, name: "Member's", scope: 3)], token: carol, client).map(\.status) == ["rejected"])

                let inserted = try await Self.push([.report(twin, name: "Twin", scope: 3)], token: carol, client)
                #expect(inserted.map(\.status) == ["rejected"], "\(victim)")
                let attack = try await Self.push(
                    [Self.update(twin, name: "Member's", scope: 3), Self.update(victim, name: "Member's", scope: 3)], token: carol,
                    client)
                #expect(attack.map(\.status) == ["rejected", "rejected"], "\(attack)")

                let (status, object, _) = try await Self.fetch(victim, token: carol, client)
                #expect(status == 200 && object?.values["name"] == .text("Lead's") && object?.ownerUser == aliceId, "\(victim)")
            }
        }
    }

    @Test("two operation ids that are canonically equal but differ in bytes are never one: the non-NFC one is rejected, not taken as a duplicate", arguments: TestEngine.allCases)
    func operationIdTwins(engine: TestEngine) async throws {
        try await withInProcessServer(engine: engine) { server in
            let client = server.client
            let alice = try await client.login("alice", app: server.app).token
            let first = WireChange.report("first", name: "First", scope: 1, operationId: "op-caf\u{E9}")
            let second = WireChange.report("second", name: "Second", scope: 1, operationId: "op-cafe\u{301}")
            let results = try await Self.push([first, second], token: alice, client)
            #expect(results.map(\.status) == ["applied", "rejected"], "\(results)")
            #expect(results.map { Array($0.operationId.utf8) } == [Array(first.operationId.utf8), Array(second.operationId.utf8)])
            #expect(results.last?.reason?.hasPrefix("changes[1].operationId is not in Unicode normalization form C (NFC)") == true)
            // Sent again, the NFC id is a duplicate; the twin is still rejected, never a duplicate.
            let again = try await Self.push([second, first], token: alice, client)
            #expect(again.map(\.status) == ["rejected", "duplicate"], "\(again)")
            #expect(try await client.pull("CaseReport", token: alice).objects.map(\.objectId) == ["first"])
        }
    }

    @Test("a Unicode 16 decomposed id (U+16D67 twice, U+16D68 composed) is rejected naming objectId; its NFC twin is applied", arguments: TestEngine.allCases)
    func unicode16Twins(engine: TestEngine) async throws {
        try await withInProcessServer(engine: engine) { server in
            let client = server.client
            let alice = try await client.login("alice", app: server.app).token
            let decomposed = Self.update("u16-\u{16D67}\u{16D67}", name: "Twin", scope: 1)
            let composed = Self.update("u16-\u{16D68}", name: "Composed", scope: 1)
            let results = try await Self.push([composed, decomposed], token: alice, client)
            #expect(results.map(\.status) == ["applied", "rejected"], "\(results)")
            #expect(results.last?.reason?.hasPrefix("changes[1].objectId is not in Unicode normalization form C (NFC)") == true, "\(results)")
            let objects = try await client.pull("CaseReport", token: alice).objects
            #expect(objects.map { Array($0.objectId.utf8) } == [Array("u16-\u{16D68}".utf8)])
        }
    }

    @Test("a fetch of an id not in NFC gets 400 naming objectId, not the object of its NFC twin; a value key or device id not in NFC is refused", arguments: TestEngine.allCases)
    func fetchRefusesTwins(engine: TestEngine) async throws {
        try await withInProcessServer(engine: engine) { server in
            let client = server.client
            let alice = try await client.login("alice", app: server.app).token
            for (victim, twin) in Self.twins {
                #expect(try await client.push([.report(victim, name: "Original", scope: 1)], token: alice) == ["applied"])
                #expect(try await Self.fetch(victim, token: alice, client).0 == 200)
                let (status, _, body) = try await Self.fetch(twin, token: alice, client)
                #expect(status == 400, "\(body)")
                #expect(body.contains("objectId is not in Unicode normalization form C (NFC)"), "\(body)")
            }
            // A value key in another form than NFC is refused too: one key, one spelling.
            let keyed = WireChange(
                operationId: "k", typeName: "CaseReport", objectId: "k", operation: "insert", values: ["name\u{301}": .integer(2)],
                scope: 1)
            let results = try await Self.push([keyed], token: alice, client)
            #expect(results.first?.reason == "changes[0].values has a key that is not in Unicode normalization form C (NFC)", "\(results)")
            // A device id too: one spelling per device.
            let (registered, body) = try await client.send(
                "POST", WirePaths.devices, token: alice, json: DeviceRegistration(deviceId: "phone-\u{212A}", name: "Phone"))
            #expect(registered == 400 && String(decoding: body, as: UTF8.self).contains("deviceId is not in Unicode normalization form C"))
            #expect(try await client.send("POST", WirePaths.devices, token: alice, json: DeviceRegistration(deviceId: "phone-K", name: "Phone")).0 == 204)
        }
    }

    @Test("a write transaction's look-ups compare ids byte for byte, even for twins stored before ids had to be NFC", arguments: TestEngine.allCases)
    func storeLookUpsAreByteExact(engine: TestEngine) async throws {
        let data = try await ServerDataContractTests.storage(engine).data
        let store = try await data.appStore(appId: "org.a", version: "1")
        // Stored directly (no rules): an NFC id and its twin, each its own owner's.
        try await store.write { transaction in
            for (index, pair) in Self.twins.enumerated() {
                try await transaction.save(
                    ServerDataContractTests.object(pair.victim, version: try await transaction.nextVersion(), owner: "victim\(index)"))
                try await transaction.save(
                    ServerDataContractTests.object(pair.twin, version: try await transaction.nextVersion(), owner: "attacker\(index)"))
            }
            try await transaction.recordOperation("op-caf\u{E9}", userId: "u1")
        }
        let owners = try await store.write { transaction in
            let ids = Self.twins.flatMap { [$0.twin, $0.victim] }
            try await transaction.prefetch(
                operationIds: ["op-cafe\u{301}", "op-caf\u{E9}"], userId: "u1", objectIds: ["Case": ids])
            var owners: [String?] = []
            for id in ids { owners.append(try await transaction.object(typeName: "Case", objectId: id)?.ownerUser) }
            let composed = try await transaction.hasOperation("op-caf\u{E9}", userId: "u1")
            let decomposed = try await transaction.hasOperation("op-cafe\u{301}", userId: "u1")
            let operations = [composed, decomposed]
            return (owners, operations)
        }
        #expect(owners.0 == Self.twins.indices.flatMap { ["attacker\($0)", "victim\($0)"] })
        #expect(owners.1 == [true, false])
        // A save through one id never answers for its twin either.
        let afterSave = try await store.write { transaction in
            try await transaction.prefetch(operationIds: [], userId: "u1", objectIds: ["Case": ["Kyoto-K"]])
            let version = try await transaction.nextVersion()
            try await transaction.save(ServerDataContractTests.object("Kyoto-K", version: version, owner: "victim0", values: ["n": .integer(1)]))
            return try await transaction.object(typeName: "Case", objectId: "Kyoto-\u{212A}")?.ownerUser
        }
        #expect(afterSave == "attacker0")
        try await data.close()
    }
}
