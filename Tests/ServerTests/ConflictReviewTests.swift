import Foundation
import StrataServerDomain
import StrataWire
import Testing

/// Issue 26's review of concurrent writes: a notice never shows a value written while the
/// object was hidden from the told user; notices in one pull answer are bounded and page on;
/// an insert over an existing object is checked as the whole update it is; a whole replace
/// claims only the fields it changes.
@Suite("concurrent writes: the review's server cases")
struct ConflictReviewTests {
    /// Pulls `typeName` since `since`, at most `limit` objects (throws unless 200).
    static func pull(_ client: WireClient, since: Int64, limit: Int, token: String) async throws -> (PullResponse, Int) {
        let (status, data) = try await client.send(
            "GET", "\(WirePaths.objects)/CaseReport?since=\(since)&limit=\(limit)", token: token)
        guard status == 200 else { throw WireError(error: "status \(status)", reason: String(decoding: data, as: UTF8.self)) }
        return (try client.decode(PullResponse.self, data), data.count)
    }

    @Test("a value written while the object was narrowed to its owner is never shown to another user in a notice", arguments: TestEngine.allCases)
    func narrowedWriteNotTold(engine: TestEngine) async throws {
        try await withInProcessServer(engine: engine) { server in
            let client = server.client
            let (alice, carol, _) = try await server.tokens()
            let base = try await ConflictPolicyTests.seed(client, alice: alice)
            #expect(try await client.push([ConflictPolicyTests.update("r", ["memo": .text("m")], fields: ["memo"], baseVersion: base)], token: carol) == ["applied"])
            let seen = try #require(try await client.pull("CaseReport", token: alice).objects.first).version
            // alice narrows r to herself, writes a private memo on her older copy, then widens it again.
            var narrow = ConflictPolicyTests.update("r", ["age": .integer(44)], fields: ["age"], baseVersion: seen)
            narrow.scope = 1
            var secret = ConflictPolicyTests.update("r", ["memo": .text("PRIVATE diagnosis")], fields: ["memo"], baseVersion: base)
            secret.scope = 1
            #expect(try await client.push([narrow, secret], token: alice) == ["applied", "applied"])
            let now = try #require(try await client.pull("CaseReport", token: alice).objects.first).version
            let widen = ConflictPolicyTests.update("r", ["memo": .text("public")], fields: ["memo"], baseVersion: now)
            #expect(try await client.push([widen], token: alice) == ["applied"])
            let pull = try await client.pull("CaseReport", token: carol)
            #expect(pull.objects.first?.values["memo"] == .text("public"))
            #expect(pull.overwritten == nil)
        }
    }

    @Test("notices in one pull answer are capped; the page ends at the last one's version and later pages bring every notice exactly once", arguments: TestEngine.allCases)
    func noticesPagedOn(engine: TestEngine) async throws {
        try await withInProcessServer(engine: engine, maxOverwritesPerPull: 3) { server in
            let client = server.client
            let (alice, carol, _) = try await server.tokens()
            let ids = (0..<7).map { "r\($0)" }
            #expect(try await client.push(ids.map { .report($0, name: "Ann", scope: 2) }, token: alice) == Array(repeating: "applied", count: 7))
            // carol overwrites each age on a copy older than alice's insert, then writes each again.
            let first = ids.map { ConflictPolicyTests.update($0, ["age": .integer(50)], fields: ["age"], baseVersion: 0) }
            #expect(try await client.push(first, token: carol) == Array(repeating: "applied", count: 7))
            let again = ids.map { ConflictPolicyTests.update($0, ["memo": .text("x")], fields: ["memo"], baseVersion: nil) }
            #expect(try await client.push(again, token: carol) == Array(repeating: "applied", count: 7))
            var since: Int64 = 0
            var told: [String] = []
            var objects: [String] = []
            for _ in 0..<30 {
                let (page, _) = try await Self.pull(client, since: since, limit: 1, token: alice)
                #expect((page.overwritten?.count ?? 0) <= 3)
                #expect(page.objects.allSatisfy { $0.version <= page.cursor })
                for notice in page.overwritten ?? [] { told.append(notice.objectId) }
                for object in page.objects { objects.append(object.objectId) }
                #expect(page.cursor >= since)
                since = page.cursor
                if !page.hasMore { break }
            }
            #expect(told.sorted() == ids)
            #expect(objects.sorted() == ids)
        }
    }

    @Test("an insert over an existing object with a base version is checked as a whole update: refused under fail-if-changed, naming who changed it", arguments: TestEngine.allCases)
    func insertOverExistingIsChecked(engine: TestEngine) async throws {
        try await withInProcessServer(engine: engine) { server in
            let client = server.client
            let (alice, carol, _) = try await server.tokens()
            let base = try await ConflictPolicyTests.seed(client, alice: alice)
            #expect(try await client.push([ConflictPolicyTests.update("r", ["age": .integer(50), "memo": .text("c")], fields: ["age", "memo"], baseVersion: base)], token: carol) == ["applied"])
            var insert = WireChange.report("r", name: "Ann", scope: 2)
            insert.values["age"] = .integer(60)
            insert.baseVersion = base
            insert.policy = "fail-if-changed"
            let result = try #require(try await ConflictPolicyTests.push([insert], client, token: alice).first)
            #expect(result.status == "rejected")
            #expect(result.conflictFields == ["age", "memo"])
            #expect(result.byAccount == "carol")
            #expect(try await client.pull("CaseReport", token: carol).objects.first?.values["memo"] == .text("c"))
        }
    }

    @Test("a whole replace that leaves a field as it was does not claim it: a later write of that field by its writer is no conflict", arguments: TestEngine.allCases)
    func wholeReplaceClaimsOnlyChangedFields(engine: TestEngine) async throws {
        try await withInProcessServer(engine: engine) { server in
            let client = server.client
            let (alice, carol, _) = try await server.tokens()
            let base = try await ConflictPolicyTests.seed(client, alice: alice)
            #expect(try await client.push([ConflictPolicyTests.update("r", ["age": .integer(50)], fields: ["age"], baseVersion: base)], token: carol) == ["applied"])
            let carolCopy = try #require(try await client.pull("CaseReport", token: carol).objects.first).version
            // alice's older client sends her whole copy: age as carol left it, a new memo.
            let whole: [String: WireValue] = ["name": .text("Ann"), "age": .integer(50), "memo": .text("m")]
            #expect(try await client.push([ConflictPolicyTests.update("r", whole, fields: nil, baseVersion: carolCopy)], token: alice) == ["applied"])
            let write = ConflictPolicyTests.update("r", ["age": .integer(51)], fields: ["age"], baseVersion: carolCopy, policy: "fail-if-changed")
            #expect(try await client.push([write], token: carol) == ["applied"])
            #expect(try await client.pull("CaseReport", token: alice).overwritten == nil)
        }
    }
}
