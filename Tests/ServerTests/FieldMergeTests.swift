import Foundation
import StrataWire
import Testing

/// An update that names the fields it changed (`WireChange.fields`) replaces only those in the
/// object the server holds: concurrent edits of different fields all survive, the last write of
/// one field in the server's order wins, and an update without `fields` (an older client's)
/// still replaces the whole object.
@Suite("the server merges updates field by field")
struct FieldMergeTests {
    static func update(
        _ id: String, _ values: [String: WireValue], fields: [String]?, scope: Int = 2, baseVersion: Int64? = nil,
        operation: String = "update"
    ) -> WireChange {
        WireChange(
            operationId: UUID().uuidString, typeName: "CaseReport", objectId: id, operation: operation, values: values,
            scope: scope, fields: fields, baseVersion: baseVersion)
    }

    /// The one object `id` as `token`'s user pulls it.
    static func pulled(_ id: String, _ client: WireClient, token: String) async throws -> WireObject {
        try #require(try await client.pull("CaseReport", token: token).objects.first { $0.objectId == id })
    }

    @Test("two users' updates of different fields of one object, both made on the same copy, both survive", arguments: TestEngine.allCases)
    func differentFieldsBothSurvive(engine: TestEngine) async throws {
        try await withInProcessServer(engine: engine) { server in
            let client = server.client
            let (alice, carol, _) = try await server.tokens()
            let base: [String: WireValue] = ["name": .text("Ann"), "age": .integer(44), "memo": .text("first")]
            let insert = WireChange(
                operationId: UUID().uuidString, typeName: "CaseReport", objectId: "r", operation: "insert", values: base, scope: 2)
            #expect(try await client.push([insert], token: alice) == ["applied"])
            let version = try await Self.pulled("r", client, token: carol).version
            // Each device sends its whole copy, naming the one field its user changed.
            var aliceCopy = base
            aliceCopy["age"] = .integer(50)
            var carolCopy = base
            carolCopy["memo"] = .text("carol memo")
            #expect(try await client.push([Self.update("r", aliceCopy, fields: ["age"], baseVersion: version)], token: alice) == ["applied"])
            #expect(try await client.push([Self.update("r", carolCopy, fields: ["memo"], baseVersion: version)], token: carol) == ["applied"])
            for token in [alice, carol] {
                let object = try await Self.pulled("r", client, token: token)
                #expect(object.values == ["name": .text("Ann"), "age": .integer(50), "memo": .text("carol memo")])
                #expect(object.version > version)
            }
        }
    }

    @Test("updates of different fields in one batch, from the insert on, merge into one object", arguments: TestEngine.allCases)
    func differentFieldsInOneBatch(engine: TestEngine) async throws {
        try await withInProcessServer(engine: engine) { server in
            let client = server.client
            let (alice, _, _) = try await server.tokens()
            let batch = [
                WireChange.report("r", name: "Ann", scope: 2),
                Self.update("r", ["name": .text("ignored"), "age": .integer(50)], fields: ["age"]),
                Self.update("r", ["memo": .text("m")], fields: ["memo"]),
            ]
            #expect(try await client.push(batch, token: alice) == ["applied", "applied", "applied"])
            let object = try await Self.pulled("r", client, token: alice)
            #expect(object.values == ["name": .text("Ann"), "age": .integer(50), "memo": .text("m")])
        }
    }

    @Test("two updates of the same field: the last in the server's order wins; a listed field without a value is removed", arguments: TestEngine.allCases)
    func sameFieldLastWins(engine: TestEngine) async throws {
        try await withInProcessServer(engine: engine) { server in
            let client = server.client
            let (alice, carol, _) = try await server.tokens()
            #expect(try await client.push([.report("r", name: "Ann", scope: 2)], token: alice) == ["applied"])
            #expect(try await client.push([Self.update("r", ["age": .integer(50)], fields: ["age"])], token: alice) == ["applied"])
            #expect(try await client.push([Self.update("r", ["age": .integer(60)], fields: ["age"])], token: carol) == ["applied"])
            #expect(try await Self.pulled("r", client, token: alice).values == ["name": .text("Ann"), "age": .integer(60)])
            // `name` listed, no value: removed; `age`, not listed, kept though the change omits it.
            #expect(try await client.push([Self.update("r", [:], fields: ["name"])], token: carol) == ["applied"])
            #expect(try await Self.pulled("r", client, token: alice).values == ["age": .integer(60)])
        }
    }

    @Test("an update without fields, as older clients send it, still replaces the whole object", arguments: TestEngine.allCases)
    func withoutFieldsReplacesTheWholeObject(engine: TestEngine) async throws {
        try await withInProcessServer(engine: engine) { server in
            let client = server.client
            let (alice, carol, _) = try await server.tokens()
            #expect(try await client.push([.report("r", name: "Ann", scope: 2)], token: alice) == ["applied"])
            #expect(try await client.push([Self.update("r", ["memo": .text("only this")], fields: nil)], token: carol) == ["applied"])
            #expect(try await Self.pulled("r", client, token: alice).values == ["memo": .text("only this")])
            // An update of an object the server does not hold yet stores what it carries.
            #expect(try await client.push([Self.update("new", ["age": .integer(3)], fields: ["age"])], token: carol) == ["applied"])
            #expect(try await Self.pulled("new", client, token: alice).values == ["age": .integer(3)])
        }
    }

    @Test("a change with bad fields or a negative base version is rejected, alone, naming the problem", arguments: TestEngine.allCases)
    func badFieldsAreRejected(engine: TestEngine) async throws {
        try await withInProcessServer(engine: engine) { server in
            let client = server.client
            let (alice, _, _) = try await server.tokens()
            #expect(try await client.push([.report("r", name: "Ann", scope: 2)], token: alice) == ["applied"])
            let age: [String: WireValue] = ["age": .integer(1)]
            let batch = [
                Self.update("r", age, fields: ["age", "age"]),
                Self.update("r", age, fields: ["a\u{0}ge"]),
                Self.update("r", age, fields: ["e\u{301}"]),
                Self.update("r", age, fields: [""]),
                Self.update("r", age, fields: (0...500).map { "k\($0)" }),
                Self.update("r", age, fields: ["age"], operation: "insert"),
                Self.update("r", age, fields: ["age"], baseVersion: -1),
                Self.update("r", ["age": .integer(7)], fields: ["age"], baseVersion: 0),
            ]
            let (status, data) = try await client.send("POST", WirePaths.changes, token: alice, json: PushRequest(changes: batch))
            #expect(status == 200)
            let results = try client.decode(PushResponse.self, data).results
            #expect(results.map(\.status) == ["rejected", "rejected", "rejected", "rejected", "rejected", "rejected", "rejected", "applied"])
            #expect(results[0].reason == "changes[0].fields lists 'age' twice")
            #expect(results[1].reason == "changes[1].fields has a key that contains a control character (U+0000)")
            #expect(results[2].reason == "changes[2].fields has a key that is not in Unicode normalization form C (NFC)")
            #expect(results[3].reason == "changes[3].fields has a key that is empty or longer than 256 bytes")
            #expect(results[4].reason == "changes[4].fields may list at most 500 keys, not 501")
            #expect(results[5].reason == "changes[5].fields is only for an update, not for insert")
            #expect(results[6].reason == "changes[6].baseVersion must be 0 or more, not -1")
            #expect(try await Self.pulled("r", client, token: alice).values == ["name": .text("Ann"), "age": .integer(7)])
        }
    }

    @Test("fields and baseVersion round-trip through the hand-written JSON, and a change without them reads as before")
    func wireRoundTrip() throws {
        let changes = [
            Self.update("r", ["age": .integer(50), "memo": .null], fields: ["age", "memo"], baseVersion: 12),
            Self.update("r", ["age": .integer(50)], fields: [], baseVersion: nil),
            Self.update("r", ["age": .integer(50)], fields: nil),
        ]
        let bodies = changes.map { change in
            var out: [UInt8] = []
            #expect(WireJSON.appendChange(change, to: &out))
            return out
        }
        let body = WireJSON.pushRequest(changes: bodies)
        #expect(try WireCoding.decoder().decode(PushRequest.self, from: body).changes == changes)
        #expect(WireJSONReader.pushRequest(from: [UInt8](body))?.changes == changes)
        // The encoder's bytes (keys sorted) are the hand writer's.
        #expect(try WireCoding.encoder().encode(PushRequest(changes: changes)) == body)
        let old = #"{"changes":[{"objectId":"r","operation":"update","operationId":"op","scope":2,"typeName":"T","values":{}}]}"#
        let read = try #require(WireJSONReader.pushRequest(from: Array(old.utf8))?.changes.first)
        #expect(read.fields == nil && read.baseVersion == nil)
    }
}
