import Foundation
import StrataWire
import Testing

@Suite("query: where, sort and paging over live objects, within the caller's scope")
struct QueryTests {
    /// Five patients of every value kind: Ann 44, Ben 31, Cho 52.5, Dan "unknown", ann-marie without an age.
    static let patients: [(String, [String: WireValue])] = [
        ("p1", ["name": .text("Ann"), "age": .integer(44), "photo": .blob(Data([1, 2, 3]))]),
        ("p2", ["name": .text("Ben"), "age": .integer(31)]),
        ("p3", ["name": .text("Cho"), "age": .real(52.5)]),
        ("p4", ["name": .text("Dan"), "age": .text("unknown")]),
        ("p5", ["name": .text("ann-marie"), "age": .null]),
    ]

    static func insert(_ id: String, _ values: [String: WireValue], scope: Int) -> WireChange {
        WireChange(
            operationId: UUID().uuidString, typeName: "Patient", objectId: id, operation: "insert", values: values,
            scope: scope)
    }

    @Test("conditions compare within a kind, sort keys order the result, and pages split it without gaps", arguments: TestEngine.allCases)
    func whereSortAndPaging(engine: TestEngine) async throws {
        try await withInProcessServer(engine: engine) { server in
            let client = server.client
            let alice = try await client.login("alice", app: server.app).token
            let changes = Self.patients.map { Self.insert($0.0, $0.1, scope: 2) }
            #expect(try await client.push(changes, token: alice) == Array(repeating: "applied", count: 5))

            func ids(_ conditions: [WireCondition], sort: [WireSortKey] = []) async throws -> [String] {
                try await client.query("Patient", QueryRequest(conditions: conditions, sort: sort), token: alice)
                    .objects.map(\.objectId)
            }
            let byAgeDown = [WireSortKey(key: "age", descending: true)]
            #expect(try await ids([.init(key: "age", op: "ge", value: .integer(40))], sort: byAgeDown) == ["p3", "p1"])
            #expect(try await ids([.init(key: "age", op: "eq", value: .real(44))]) == ["p1"], "44 equals 44.0")
            #expect(try await ids([.init(key: "age", op: "ne", value: .integer(44))]) == ["p2", "p3"], "ne skips text and null")
            #expect(try await ids([.init(key: "age", op: "eq", value: .null)]) == ["p5"])
            #expect(try await ids([.init(key: "missing", op: "eq", value: .null)]).count == 5, "a missing key reads as null")
            #expect(try await ids([.init(key: "age", op: "ne", value: .null)]) == ["p1", "p2", "p3", "p4"])
            #expect(try await ids([.init(key: "name", op: "like", value: .text("an%"))]) == ["p1", "p5"])
            let mixed: [WireValue] = [.integer(31), .text("unknown"), .null]
            #expect(try await ids([.init(key: "age", op: "in", values: mixed)]) == ["p2", "p4", "p5"])
            #expect(try await ids([.init(key: "photo", op: "eq", value: .blob(Data([1, 2, 3])))]) == ["p1"])
            #expect(try await ids([.init(key: "age", op: "lt", value: .text("v"))]) == ["p4"], "text compares with text only")
            let twoConditions: [WireCondition] = [
                .init(key: "age", op: "gt", value: .integer(30)), .init(key: "name", op: "lt", value: .text("C")),
            ]
            #expect(try await ids(twoConditions) == ["p1", "p2"])
            #expect(try await ids([.init(key: "objectId", op: "in", values: [.text("p3"), .text("p1")])]) == ["p1", "p3"])
            #expect(try await ids([], sort: [WireSortKey(key: "objectId", descending: true)]) == ["p5", "p4", "p3", "p2", "p1"])
            #expect(
                try await ids([], sort: [WireSortKey(key: "age")]) == ["p5", "p2", "p1", "p3", "p4"],
                "null first, then numbers, then text")

            // Pages of two by name: bytes order puts upper case first; pages join to the whole.
            var pages: [QueryResponse] = []
            for offset in stride(from: 0, through: 4, by: 2) {
                let request = QueryRequest(sort: [WireSortKey(key: "name")], limit: 2, offset: offset)
                pages.append(try await client.query("Patient", request, token: alice))
            }
            #expect(pages.flatMap(\.objects).map(\.objectId) == ["p1", "p2", "p3", "p4", "p5"])
            #expect(pages.map(\.hasMore) == [true, true, false])
            #expect(pages[0].objects[0].values["name"] == .text("Ann") && pages[0].objects[0].scope == 2)

            // An empty body is every visible object, by id.
            let empty = Data("{}".utf8)
            let (status, body) = try await client.send("POST", WirePaths.query(typeName: "Patient"), token: alice, body: empty)
            #expect(status == 200)
            #expect(try client.decode(QueryResponse.self, body).objects.map(\.objectId) == ["p1", "p2", "p3", "p4", "p5"])
            let farAway = QueryRequest(offset: Int.max)
            #expect(try await client.query("Patient", farAway, token: alice).objects.isEmpty)
        }
    }

    @Test("a query returns only what the caller's scope shows, and nothing without a valid token", arguments: TestEngine.allCases)
    func scopes(engine: TestEngine) async throws {
        try await withInProcessServer(engine: engine) { server in
            let client = server.client
            let (alice, carol, bob) = try await server.tokens()
            let changes = [
                Self.insert("mine", ["name": .text("Private")], scope: 1),
                Self.insert("ours", ["name": .text("Ward")], scope: 2),
                Self.insert("everyone", ["name": .text("Notice")], scope: 3),
            ]
            #expect(try await client.push(changes, token: alice) == ["applied", "applied", "applied"])
            let all = QueryRequest(conditions: [.init(key: "name", op: "ne", value: .null)])
            #expect(try await client.query("Patient", all, token: alice).objects.map(\.objectId) == ["everyone", "mine", "ours"])
            #expect(try await client.query("Patient", all, token: carol).objects.map(\.objectId) == ["everyone", "ours"])
            #expect(try await client.query("Patient", all, token: bob).objects.map(\.objectId) == ["everyone"])
            let privateName = QueryRequest(conditions: [.init(key: "name", op: "eq", value: .text("Private"))])
            #expect(try await client.query("Patient", privateName, token: carol).objects.isEmpty)

            for token in [nil, "forged-token"] {
                let (status, data) = try await client.send("POST", WirePaths.query(typeName: "Patient"), token: token, json: all)
                #expect(status == 401)
                #expect(!String(decoding: data, as: UTF8.self).contains("Ward"))
            }
        }
    }

    @Test("deleted objects are never returned, and GET on …/query still fetches the object with id query", arguments: TestEngine.allCases)
    func deletedObjects(engine: TestEngine) async throws {
        try await withInProcessServer(engine: engine) { server in
            let client = server.client
            let alice = try await client.login("alice", app: server.app).token
            let changes = [
                Self.insert("a", ["name": .text("Ann")], scope: 2), Self.insert("b", ["name": .text("Ben")], scope: 2),
                Self.insert("query", ["name": .text("Quentin")], scope: 2),
                WireChange(operationId: "del-a", typeName: "Patient", objectId: "a", operation: "delete", values: [:], scope: 2),
            ]
            #expect(try await client.push(changes, token: alice) == ["applied", "applied", "applied", "applied"])
            #expect(try await client.query("Patient", QueryRequest(), token: alice).objects.map(\.objectId) == ["b", "query"])
            let deletedName = QueryRequest(conditions: [.init(key: "name", op: "eq", value: .text("Ann"))])
            #expect(try await client.query("Patient", deletedName, token: alice).objects.isEmpty)

            let (fetched, body) = try await client.send("GET", WirePaths.query(typeName: "Patient"), token: alice)
            #expect(fetched == 200)
            #expect(try client.decode(WireObject.self, body).values["name"] == .text("Quentin"))

            let deleteAll = WireChange(
                operationId: "del-all", typeName: "Patient", objectId: "*", operation: "deleteAll", values: [:], scope: 2)
            #expect(try await client.push([deleteAll], token: alice) == ["applied"])
            #expect(try await client.query("Patient", QueryRequest(), token: alice).objects.isEmpty)
            #expect(try await client.send("GET", WirePaths.query(typeName: "Patient"), token: alice).0 == 404)
        }
    }

    @Test("each bad query gets a 4xx WireError whose reason names the field", arguments: TestEngine.allCases)
    func badQueries(engine: TestEngine) async throws {
        try await withInProcessServer(engine: engine) { server in
            let client = server.client
            let token = try await client.login("alice", app: server.app).token
            let path = WirePaths.query(typeName: "Patient")
            let manyValues = Array(repeating: #"["i",1]"#, count: 101).joined(separator: ",")
            let manyConditions = Array(repeating: #"{"key":"a","op":"eq","value":["i",1]}"#, count: 21).joined(separator: ",")
            let longPattern = String(repeating: "%a", count: 129)
            let cases: [(String, Int, String)] = [
                (#"{"where":[{"key":"age","op":"between","value":["i",1]}]}"#, 400, "where[0].op 'between' is unknown"),
                (#"{"where":[{"key":"a.b","op":"eq","value":["i",1]}]}"#, 400, "where[0].key 'a.b'"),
                (#"{"where":[{"key":"x') OR 1=1 --","op":"eq","value":["i",1]}]}"#, 400, "where[0].key"),
                (#"{"where":[{"key":"","op":"eq","value":["i",1]}]}"#, 400, "where[0].key"),
                (#"{"sort":[{"key":"1st"}]}"#, 400, "sort[0].key '1st'"),
                (#"{"sort":[{"descending":true}]}"#, 400, "missing field 'key'"),
                (#"{"limit":0}"#, 400, "limit must be 1–1000, not 0"),
                (#"{"limit":1001}"#, 400, "limit must be 1–1000"),
                (#"{"limit":"ten"}"#, 400, "'limit'"),
                (#"{"offset":-1}"#, 400, "offset must be 0 or more"),
                (#"{"where":[{"key":"age","op":"lt","value":["n"]}]}"#, 400, "where[0].value: null compares only with eq, ne or in"),
                (#"{"where":[{"key":"age","op":"like","value":["i",4]}]}"#, 400, "where[0].value: 'like' needs a text pattern"),
                (#"{"where":[{"key":"photo","op":"gt","value":["b","AQID"]}]}"#, 400, "where[0].value: bytes compare only"),
                (#"{"where":[{"key":"age","op":"eq"}]}"#, 400, "where[0].value is missing"),
                (#"{"where":[{"key":"age","op":"eq","values":[["i",1]]}]}"#, 400, "where[0].values is only for 'in'"),
                (#"{"where":[{"key":"age","op":"in"}]}"#, 400, "where[0].values must hold 1–100 values"),
                (#"{"where":[{"key":"age","op":"in","values":[]}]}"#, 400, "where[0].values must hold"),
                (#"{"where":[{"key":"age","op":"in","values":[\#(manyValues)]}]}"#, 400, "not 101"),
                (#"{"where":[{"key":"age","op":"in","value":["i",1],"values":[["i",1]]}]}"#, 400, "where[0].value is not used"),
                (#"{"where":[\#(manyConditions)]}"#, 400, "at most 20 conditions"),
                (#"{"where":[{"key":"name","op":"like","value":["t","\#(longPattern)"]}]}"#, 400, "at most 256 characters"),
                (#"{"where":[{"key":"age","op":"eq","value":["x",1]}]}"#, 400, "unknown value tag 'x'"),
                (#"{"where":[{"key":"age","op":"eq","value":["i",1.5]}]}"#, 400, "does not fit its field"),
                (#"{"where":{"key":"age"}}"#, 400, "'where'"),
                (#"{"where":null}"#, 400, "'where'"),
                (#"{"sort":[{"key":"age","descending":null}]}"#, 400, "'sort.0.descending'"),
                ("{not json", 400, "not JSON"),
            ]
            for (body, expected, words) in cases {
                let (status, data) = try await client.send("POST", path, token: token, body: Data(body.utf8))
                #expect(status == expected, "\(body.prefix(120))")
                let reason = (try? client.decode(WireError.self, data))?.reason ?? String(decoding: data.prefix(300), as: UTF8.self)
                #expect(reason.contains(words), "\(body.prefix(120)): \(reason)")
            }
            let huge = Data(repeating: UInt8(ascii: " "), count: 2 << 20)
            let (tooLarge, _) = try await client.send("POST", path, token: token, body: huge)
            #expect(tooLarge == 413)
            let (badType, typeData) = try await client.send(
                "POST", WirePaths.query(typeName: "9lives"), token: token, body: Data("{}".utf8))
            #expect(badType == 400)
            #expect(try client.decode(WireError.self, typeData).reason.contains("type name '9lives'"))
            let (notAllowed, _) = try await client.send("PUT", path, token: token, body: Data("{}".utf8))
            #expect(notAllowed == 405)
        }
    }
}

extension WireClient {
    /// Queries `typeName` (throws unless 200).
    func query(_ typeName: String, _ request: QueryRequest, token: String) async throws -> QueryResponse {
        let (status, data) = try await send("POST", WirePaths.query(typeName: typeName), token: token, json: request)
        guard status == 200 else { throw WireError(error: "status \(status)", reason: String(decoding: data, as: UTF8.self)) }
        return try decode(QueryResponse.self, data)
    }
}
