import Foundation
import StrataServerDomain
import StrataWire
import Testing

/// Concurrent writes (issue 26): an update made on a copy older than another user's write of a
/// field it changes is concurrent there. Merged, it wins and the replaced user is told once,
/// on their pull (`overwritten`); under `fail-if-changed` it is refused with the fields and the
/// object as stored now, nothing written, and may be resent on top of it.
@Suite("the server detects concurrent field writes and applies the conflict policy")
struct ConflictPolicyTests {
    static func update(
        _ id: String, _ values: [String: WireValue], fields: [String]?, baseVersion: Int64?, policy: String? = nil,
        operationId: String = UUID().uuidString
    ) -> WireChange {
        WireChange(
            operationId: operationId, typeName: "CaseReport", objectId: id, operation: "update", values: values, scope: 2,
            fields: fields, baseVersion: baseVersion, policy: policy)
    }

    /// Pushes `changes`; the full results (throws unless 200).
    static func push(_ changes: [WireChange], _ client: WireClient, token: String) async throws -> [ChangeResult] {
        let (status, data) = try await client.send("POST", WirePaths.changes, token: token, json: PushRequest(changes: changes))
        guard status == 200 else { throw WireError(error: "status \(status)", reason: String(decoding: data, as: UTF8.self)) }
        return try client.decode(PushResponse.self, data).results
    }

    /// alice inserts `r` (name Ann, age 44) in the nurses' group; the version both hold.
    static func seed(_ client: WireClient, alice: String) async throws -> Int64 {
        #expect(try await client.push([.report("r", name: "Ann", scope: 2)], token: alice) == ["applied"])
        return try #require(try await client.pull("CaseReport", token: alice).objects.first { $0.objectId == "r" }?.version)
    }

    /// alice inserts `r` (as ``seed(_:alice:)``) and `s` (name Sam), both in the nurses' group;
    /// the versions both hold.
    static func seedTwo(_ client: WireClient, alice: String) async throws -> (r: Int64, s: Int64) {
        let base = try await seed(client, alice: alice)
        #expect(try await client.push([.report("s", name: "Sam", scope: 2)], token: alice) == ["applied"])
        return (base, try #require(try await client.pull("CaseReport", token: alice).objects.first { $0.objectId == "s" }?.version))
    }

    /// Sets the age of `id` on the copy of version `base` (a change listing only `age`).
    static func age(_ id: String, _ age: Int64, base: Int64) -> WireChange {
        update(id, ["age": .integer(age)], fields: ["age"], baseVersion: base)
    }

    @Test("concurrent writes of different fields merge, and nobody is told", arguments: TestEngine.allCases)
    func differentFieldsNoNotice(engine: TestEngine) async throws {
        try await withInProcessServer(engine: engine) { server in
            let client = server.client
            let (alice, carol, _) = try await server.tokens()
            let base = try await Self.seed(client, alice: alice)
            #expect(try await client.push([Self.age("r", 50, base: base)], token: alice) == ["applied"])
            #expect(try await client.push([Self.update("r", ["memo": .text("m")], fields: ["memo"], baseVersion: base)], token: carol) == ["applied"])
            for token in [alice, carol] {
                let pull = try await client.pull("CaseReport", token: token)
                #expect(pull.overwritten == nil)
                #expect(pull.objects.first?.values == ["name": .text("Ann"), "age": .integer(50), "memo": .text("m")])
            }
        }
    }

    @Test("concurrent writes of one field: the last wins, its writer is told nothing, the earlier writer once", arguments: TestEngine.allCases)
    func sameFieldNoticeForTheEarlierWriter(engine: TestEngine) async throws {
        try await withInProcessServer(engine: engine) { server in
            let client = server.client
            let (alice, carol, _) = try await server.tokens()
            let base = try await Self.seed(client, alice: alice)
            let aliceWrite = Self.update("r", ["age": .integer(50), "name": .text("Ann")], fields: ["age"], baseVersion: base)
            #expect(try await client.push([aliceWrite], token: alice) == ["applied"])
            #expect(try await client.push([Self.age("r", 51, base: base)], token: carol) == ["applied"])
            let carolPull = try await client.pull("CaseReport", token: carol)
            #expect(carolPull.overwritten == nil)
            let alicePull = try await client.pull("CaseReport", token: alice)
            let version = try #require(alicePull.objects.first?.version)
            #expect(alicePull.objects.first?.values["age"] == .integer(51))
            #expect(
                alicePull.overwritten == [
                    WireOverwrite(
                        objectId: "r", version: version, operationId: aliceWrite.operationId, fields: ["age"],
                        yours: ["age": .integer(50)], theirs: ["age": .integer(51)], byAccount: "carol")
                ])
            // Told once: a pull from the cursor on does not repeat it.
            #expect(try await client.pull("CaseReport", since: alicePull.cursor, token: alice).overwritten == nil)
            // A write on the newest copy replaces nobody's unseen write.
            #expect(try await client.push([Self.age("r", 52, base: version)], token: alice) == ["applied"])
            #expect(try await client.pull("CaseReport", since: alicePull.cursor, token: carol).overwritten == nil)
        }
    }

    @Test("an update without fields replaces the whole object: a field another user wrote since its copy, which it removes, is concurrent", arguments: TestEngine.allCases)
    func wholeReplaceIsConcurrentOnRemovedFields(engine: TestEngine) async throws {
        try await withInProcessServer(engine: engine) { server in
            let client = server.client
            let (alice, carol, _) = try await server.tokens()
            let base = try await Self.seed(client, alice: alice)
            let carolWrite = Self.update("r", ["memo": .text("m")], fields: ["memo"], baseVersion: base)
            #expect(try await client.push([carolWrite], token: carol) == ["applied"])
            // alice's older client sends her whole copy (no memo), made on the version before carol's write.
            let whole: [String: WireValue] = ["name": .text("Ann"), "age": .integer(50)]
            let strict = try #require(
                try await Self.push([Self.update("r", whole, fields: nil, baseVersion: base, policy: "fail-if-changed")], client, token: alice)
                    .first)
            #expect(strict.status == "rejected" && strict.conflictFields == ["memo"])
            #expect(try await client.push([Self.update("r", whole, fields: nil, baseVersion: base)], token: alice) == ["applied"])
            let pull = try await client.pull("CaseReport", token: carol)
            #expect(pull.objects.first?.values == whole)
            let notice = try #require(pull.overwritten?.first)
            #expect(notice.operationId == carolWrite.operationId && notice.fields == ["memo"] && notice.byAccount == "alice")
            #expect(notice.yours == ["memo": .text("m")] && notice.theirs.isEmpty)
            #expect(try await client.pull("CaseReport", token: alice).overwritten == nil)
        }
    }

    @Test("two devices of one user writing one field on the same copy tell nobody", arguments: TestEngine.allCases)
    func sameUserNoNotice(engine: TestEngine) async throws {
        try await withInProcessServer(engine: engine) { server in
            let client = server.client
            let (alice, _, _) = try await server.tokens()
            let phone = try await client.login("alice", app: server.app).token
            let base = try await Self.seed(client, alice: alice)
            #expect(try await client.push([Self.age("r", 50, base: base)], token: alice) == ["applied"])
            #expect(try await client.push([Self.age("r", 51, base: base)], token: phone) == ["applied"])
            #expect(try await client.pull("CaseReport", token: alice).overwritten == nil)
            #expect(try await client.pull("CaseReport", token: phone).overwritten == nil)
        }
    }

    @Test("fail-if-changed refuses a concurrent write with the fields and the current object, writes nothing, and takes the same operation resent on top", arguments: TestEngine.allCases)
    func failIfChangedRefuses(engine: TestEngine) async throws {
        try await withInProcessServer(engine: engine) { server in
            let client = server.client
            let (alice, carol, _) = try await server.tokens()
            let base = try await Self.seed(client, alice: alice)
            #expect(try await client.push([Self.age("r", 50, base: base)], token: alice) == ["applied"])
            let stored = try #require(try await client.pull("CaseReport", token: alice).objects.first)
            let carolWrite = Self.update(
                "r", ["age": .integer(51), "memo": .text("m")], fields: ["age", "memo"], baseVersion: base, policy: "fail-if-changed")
            let refused = try #require(try await Self.push([carolWrite], client, token: carol).first)
            #expect(refused.status == "rejected")
            #expect(refused.reason == "CaseReport r: age changed since your copy (version \(base)); the server has version \(stored.version)")
            #expect(refused.conflictFields == ["age"])
            #expect(refused.current == stored)
            #expect(refused.byAccount == "alice")
            #expect(try await client.pull("CaseReport", token: carol).objects.first == stored)
            // Resent with the server's version as its base: applied, and no one is told.
            var resent = carolWrite
            resent.baseVersion = stored.version
            let applied = try #require(try await Self.push([resent], client, token: carol).first)
            #expect(applied.status == "applied" && applied.conflictFields == nil && applied.current == nil)
            let pull = try await client.pull("CaseReport", token: alice)
            #expect(pull.objects.first?.values == ["name": .text("Ann"), "age": .integer(51), "memo": .text("m")])
            #expect(pull.overwritten == nil)
        }
    }

    @Test("a type the server was configured fail-if-changed for refuses a concurrent write whose change asks to merge", arguments: TestEngine.allCases)
    func serverPolicyOverridesMerge(engine: TestEngine) async throws {
        try await withInProcessServer(engine: engine, conflictPolicies: ["CaseReport": .failIfChanged]) { server in
            let client = server.client
            let (alice, carol, _) = try await server.tokens()
            let base = try await Self.seed(client, alice: alice)
            #expect(try await client.push([Self.age("r", 50, base: base)], token: alice) == ["applied"])
            for policy in [nil, "merge"] {
                let result = try #require(
                    try await Self.push(
                        [Self.update("r", ["age": .integer(51)], fields: ["age"], baseVersion: base, policy: policy)], client, token: carol
                    ).first)
                #expect(result.status == "rejected" && result.conflictFields == ["age"], "\(String(describing: policy))")
            }
            // A different field is no conflict.
            #expect(try await client.push([Self.update("r", ["memo": .text("m")], fields: ["memo"], baseVersion: base)], token: carol) == ["applied"])
        }
    }

    @Test("a change naming an unknown policy is rejected alone, naming changes[i].policy and the allowed values", arguments: TestEngine.allCases)
    func unknownPolicyRejected(engine: TestEngine) async throws {
        try await withInProcessServer(engine: engine) { server in
            let client = server.client
            let (alice, _, _) = try await server.tokens()
            let base = try await Self.seed(client, alice: alice)
            let results = try await Self.push(
                [
                    Self.update("r", ["age": .integer(50)], fields: ["age"], baseVersion: base, policy: "last-writer-wins"),
                    Self.update("r", ["memo": .text("m")], fields: ["memo"], baseVersion: base, policy: "merge"),
                ], client, token: alice)
            #expect(results.map(\.status) == ["rejected", "applied"])
            #expect(results[0].reason == "changes[0].policy 'last-writer-wins' is unknown; expected merge or fail-if-changed")
            #expect(try await client.pull("CaseReport", token: alice).objects.first?.values["age"] == .integer(44))
        }
    }

    @Test("a notice for an object its user can no longer see, or that was deleted, is not sent", arguments: TestEngine.allCases)
    func noticesOnlyForVisibleObjects(engine: TestEngine) async throws {
        try await withInProcessServer(engine: engine) { server in
            let client = server.client
            let (alice, carol, _) = try await server.tokens()
            // Two objects in the nurses' group; alice's write replaces carol's on both.
            let (base, sBase) = try await Self.seedTwo(client, alice: alice)
            for (id, version) in [("r", base), ("s", sBase)] {
                #expect(try await client.push([Self.age(id, 50, base: version)], token: carol) == ["applied"])
                #expect(try await client.push([Self.age(id, 51, base: version)], token: alice) == ["applied"])
            }
            #expect(try await client.pull("CaseReport", token: carol).overwritten?.map(\.objectId) == ["r", "s"])
            // r goes: no notice for it.
            let delete = WireChange(operationId: UUID().uuidString, typeName: "CaseReport", objectId: "r", operation: "delete", values: [:], scope: 2)
            #expect(try await client.push([delete], token: alice) == ["applied"])
            #expect(try await client.pull("CaseReport", token: carol).overwritten?.map(\.objectId) == ["s"])
            // carol leaves the nurses' group: s (a group object) is no longer hers to see.
            _ = try await server.services.admin.removeMember(group: "nurses", account: "carol")
            let after = try await client.login("carol", app: server.app).token
            #expect(try await client.pull("CaseReport", token: after).overwritten == nil)
        }
    }

    @Test(
        "a member removed from the group is not told of a write made while she was out, even once added back; one made before is still hers",
        arguments: TestEngine.allCases)
    func noNoticeOfAWriteMadeWhileOut(engine: TestEngine) async throws {
        try await withInProcessServer(engine: engine) { server in
            let client = server.client
            let (alice, carol, _) = try await server.tokens()
            let (base, sBase) = try await Self.seedTwo(client, alice: alice)
            for (id, version) in [("r", base), ("s", sBase)] {
                #expect(try await client.push([Self.age(id, 50, base: version)], token: carol) == ["applied"])
            }
            // alice replaces carol's age of s while carol can see s: carol's to be told.
            #expect(try await client.push([Self.age("s", 51, base: sBase)], token: alice) == ["applied"])
            // carol leaves the nurses' group; alice replaces her age of r, which carol cannot see now.
            _ = try await server.services.admin.removeMember(group: "nurses", account: "carol")
            #expect(try await client.push([Self.age("r", 52, base: base)], token: alice) == ["applied"])
            // Back in the group, carol sees both again, but is told only of the write made while she could see it.
            _ = try await server.services.admin.addMember(group: "nurses", account: "carol", role: "member")
            let back = try await client.login("carol", app: server.app).token
            let pull = try await client.pull("CaseReport", token: back)
            #expect(Set(pull.objects.map(\.objectId)) == ["r", "s"])
            #expect(pull.overwritten?.map(\.objectId) == ["s"])
            #expect(pull.overwritten?.first?.theirs == ["age": .integer(51)])
        }
    }

    @Test("notices older than 30 days are pruned when new ones are recorded", arguments: TestEngine.allCases)
    func oldNoticesPruned(engine: TestEngine) async throws {
        try await withInProcessServer(engine: engine) { server in
            let client = server.client
            var (alice, carol, _) = try await server.tokens()
            let (base, sBase) = try await Self.seedTwo(client, alice: alice)
            #expect(try await client.push([Self.age("r", 50, base: base)], token: alice) == ["applied"])
            #expect(try await client.push([Self.age("s", 50, base: sBase)], token: alice) == ["applied"])
            #expect(try await client.push([Self.age("r", 51, base: base)], token: carol) == ["applied"])
            #expect(try await client.pull("CaseReport", token: alice).overwritten?.map(\.objectId) == ["r"])
            server.clock.advance(31 * 24 * 3600)
            (alice, carol, _) = try await server.tokens()
            #expect(try await client.push([Self.age("s", 51, base: sBase)], token: carol) == ["applied"])
            #expect(try await client.pull("CaseReport", token: alice).overwritten?.map(\.objectId) == ["s"])
        }
    }

    @Test("policy, conflict fields, the current object and overwrite notices round-trip through the hand-written JSON")
    func wireRoundTrip() throws {
        let change = Self.update("r", ["age": .integer(50)], fields: ["age"], baseVersion: 3, policy: "fail-if-changed")
        var out: [UInt8] = []
        #expect(WireJSON.appendChange(change, to: &out))
        let body = WireJSON.pushRequest(changes: [out])
        #expect(try WireCoding.encoder().encode(PushRequest(changes: [change])) == body)
        #expect(WireJSONReader.pushRequest(from: [UInt8](body))?.changes == [change])
        let current = WireObject(
            objectId: "r", values: ["age": .integer(50)], scope: 2, ownerUser: "u", ownerGroup: "g", deleted: false, version: 7)
        let answer = PushResponse(results: [
            ChangeResult(
                operationId: "a", status: "rejected", reason: "why", conflictFields: ["age"], current: current, byAccount: "carol"),
            ChangeResult(operationId: "b", status: "applied"),
        ])
        let written = WireJSON.pushResponse(answer)
        #expect(try WireCoding.decoder().decode(PushResponse.self, from: written) == answer)
        #expect(WireJSONReader.pushResponse(from: [UInt8](written)) == answer)
        let pull = PullResponse(
            objects: [current], cursor: 7, hasMore: false, head: 7,
            overwritten: [
                WireOverwrite(
                    objectId: "r", version: 7, operationId: "op", fields: ["age", "memo"], yours: ["age": .integer(49)],
                    theirs: ["age": .integer(50)], byAccount: "carol")
            ])
        let pulled = try #require(WireJSON.pullResponse(pull))
        #expect(try WireCoding.decoder().decode(PullResponse.self, from: pulled) == pull)
        #expect(WireJSONReader.pullResponse(from: [UInt8](pulled)) == pull)
        #expect(WireJSONReader.pullResponse(from: Array(try WireCoding.encoder().encode(pull))) == pull)
    }
}
