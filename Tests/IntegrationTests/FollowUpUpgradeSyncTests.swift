import CSQLite
import Foundation
import StrataCrossCutting
import StrataDomain
import StrataTestSupport
import Testing

/// Follow-ups an older install saved while they were local only (store format 5: no journal
/// entry, filed under the author's primary group) reach the server once the store is opened by
/// this build, with no user action: under their report's group, once, and nothing more after.
@Suite("follow-ups: saved before they synced, sent after the upgrade", .childProcessSlot, .serialized)
struct FollowUpUpgradeSyncTests {
    static let password = "a long password for tests"

    @Test("alice's follow-ups from a format-5 store reach carol (ward3 report) and bob (ward4 report), never carol the ward4 one; a second sync sends nothing")
    func localOnlyFollowUpsAreSentAfterTheUpgrade() async throws {
        try await withTestServer(app: TestServer.casebook) { server in
            try await server.addUsers(["alice": "ward3", "bob": "ward4", "carol": "ward3"], password: Self.password)
            _ = try await server.admin(["group", "add-member", "ward4", "alice"])
            let hosts = try await server.signedInHosts(["alice", "bob", "carol"], password: Self.password, label: "follow-upgrade")
            let alice = hosts[0], bob = hosts[1], carol = hosts[2]
            let hers = try await alice.succeed(["reports", "add", "--patient-name", "Hanako Sato", "--age", "42"])
            let his = try await bob.succeed(["reports", "add", "--patient-name", "Jiro Kato", "--age", "57"])
            _ = try await bob.succeed(["sync"])
            _ = try await alice.succeed(["sync"])
            let ward3 = try #require(
                try await server.pull("CaseReport", account: "carol", password: Self.password).first?["ownerGroup"] as? String)
            let ward4 = try #require(
                try await server.pull("CaseReport", account: "bob", password: Self.password).first?["ownerGroup"] as? String)
            #expect(ward3 != ward4)

            // Two follow-ups saved as an install of store format 5 left them: no journal entry,
            // each filed under alice's primary group (ward3), the file in format 5.
            let date = Date().addingTimeInterval(2 * 86_400).formatted(.iso8601.year().month().day())
            let onHers = try await alice.succeed(["follows", "add", "--report", hers, "--date", date, "--memo", "check BP"])
            let onHis = try await alice.succeed(["follows", "add", "--report", his, "--date", date, "--memo", "BP 150/95"])
            let store = try #require(alice.environment["STRATA_HOME"].map { ContainerDirectory(url: URL(fileURLWithPath: $0)).storeURL.path })
            try Self.execute(
                [
                    #"DELETE FROM "_strata_journal" WHERE "typeName" = 'FollowUp'"#,
                    #"UPDATE "FollowUp" SET "_ownerGroup" = '\#(ward3)', "_scope" = 2"#,
                    #"DROP TABLE IF EXISTS "_strata_local_only_rows""#,
                    "PRAGMA user_version = 5",
                ], in: store)

            // Opened by this build, alice's next sync sends both, once.
            let first = try await alice.json(["sync", "--json"]) as? [String: Any]
            #expect(first?["pushed"] as? Int == 2, "\(first ?? [:])")
            #expect(try SQLiteReader(store).integer("PRAGMA user_version") == 8)
            let held = try await server.pull("FollowUp", account: "alice", password: Self.password)
            let groups = Dictionary(uniqueKeysWithValues: held.compactMap { object in
                (object["objectId"] as? String).map { ($0, object["ownerGroup"] as? String ?? "") }
            })
            #expect(groups == [onHers: ward3, onHis: ward4], "\(held)")
            #expect(held.allSatisfy { $0["scope"] as? Int == 2 }, "\(held)")

            // Carol (ward3) gets the follow-up of alice's report, never the one of bob's ward4 report.
            _ = try await carol.succeed(["sync"])
            let carols = try await carol.json(["follows", "list", "--json"]) as? [[String: Any]]
            #expect(carols?.compactMap { $0["id"] as? String } == [onHers], "\(String(describing: carols))")
            #expect(carols?.first?["memo"] as? String == "check BP")
            // Bob (ward4) gets the one of his report.
            _ = try await bob.succeed(["sync"])
            let bobs = try await bob.json(["follows", "list", "--json"]) as? [[String: Any]]
            #expect(bobs?.compactMap { $0["id"] as? String } == [onHis], "\(String(describing: bobs))")

            // Nothing more to send, nothing rejected, no second copy on the server.
            let again = try await alice.json(["sync", "--json"]) as? [String: Any]
            #expect(again?["pushed"] as? Int == 0, "a second sync still sent changes: \(again ?? [:])")
            #expect(try SQLiteReader(store).integer(#"SELECT count(*) FROM "_strata_journal""#) == 0)
            #expect(try await server.pull("FollowUp", account: "alice", password: Self.password).count == 2)
        }
    }

    @Test("a follow-up the server already has, listed by the upgrade (an unreleased format-5 build had sent it), is applied over itself: nothing rejected, one copy")
    func resentFollowUpTheServerHasIsApplied() async throws {
        try await withTestServer(app: TestServer.casebook) { server in
            try await server.addUsers(["alice": "ward3", "carol": "ward3"], password: Self.password)
            let hosts = try await server.signedInHosts(["alice", "carol"], password: Self.password, label: "follow-resend")
            let alice = hosts[0], carol = hosts[1]
            let report = try await alice.succeed(["reports", "add", "--patient-name", "Hanako Sato", "--age", "42"])
            let date = Date().addingTimeInterval(2 * 86_400).formatted(.iso8601.year().month().day())
            let followUp = try await alice.succeed(["follows", "add", "--report", report, "--date", date, "--memo", "check BP"])
            _ = try await alice.succeed(["sync"])
            #expect(try await server.pull("FollowUp", account: "alice", password: Self.password).count == 1)
            let store = try #require(alice.environment["STRATA_HOME"].map { ContainerDirectory(url: URL(fileURLWithPath: $0)).storeURL.path })
            try Self.execute([#"DROP TABLE IF EXISTS "_strata_local_only_rows""#, "PRAGMA user_version = 5"], in: store)

            let first = try await alice.json(["sync", "--json"]) as? [String: Any]
            #expect(first?["pushed"] as? Int == 1, "\(first ?? [:])")
            #expect(try SQLiteReader(store).integer(#"SELECT count(*) FROM "_strata_journal""#) == 0, "nothing rejected")
            let held = try await server.pull("FollowUp", account: "alice", password: Self.password)
            #expect(held.compactMap { $0["objectId"] as? String } == [followUp], "\(held)")
            _ = try await carol.succeed(["sync"])
            let carols = try await carol.json(["follows", "list", "--json"]) as? [[String: Any]]
            #expect(carols?.compactMap { $0["id"] as? String } == [followUp], "\(String(describing: carols))")
            let again = try await alice.json(["sync", "--json"]) as? [String: Any]
            #expect(again?["pushed"] as? Int == 0, "\(again ?? [:])")
        }
    }

    @Test("a follow-up the server already has, which carol changed since, listed by the upgrade (a store restored from a backup): alice's resend is refused for fail-if-changed, carol's memo stays on the server")
    func resentFollowUpChangedSinceIsRefused() async throws {
        try await withTestServer(app: TestServer.casebook) { server in
            try await server.addUsers(["alice": "ward3", "carol": "ward3"], password: Self.password)
            let hosts = try await server.signedInHosts(["alice", "carol"], password: Self.password, label: "follow-restore")
            let alice = hosts[0], carol = hosts[1]
            let followUp = try await ConflictSyncTests.sharedFollowUp(alice, carol)
            // Carol changes the memo after alice's copy was made.
            try await ConflictSyncTests.editFollowUp(followUp, on: carol) { $0.memo = "carol memo" }
            _ = try await carol.succeed(["sync"])
            // Alice's store, restored from a backup: format 5, no journal entry for the follow-up.
            let store = try #require(alice.environment["STRATA_HOME"].map { ContainerDirectory(url: URL(fileURLWithPath: $0)).storeURL.path })
            try Self.execute([#"DROP TABLE IF EXISTS "_strata_local_only_rows""#, "PRAGMA user_version = 5"], in: store)

            let told = try await alice.succeed(["sync"])
            let lines = told.split(separator: "\n").filter { $0.contains(followUp) }
            #expect(lines.count == 1 && lines.first?.contains("refused") == true, "\(told)")
            let open = try #require(try await alice.json(["sync", "conflicts", "--json"]) as? [[String: Any]])
            #expect(open.count == 1 && open.first?["kind"] as? String == "refused", "\(open)")
            #expect(open.first?["objectId"] as? String == followUp && open.first?["fields"] as? [String] == ["memo"], "\(open)")
            // Listed with the server's current value.
            #expect(try await alice.succeed(["sync", "conflicts"]).contains("carol memo"))
            let held = try await server.pull("FollowUp", account: "carol", password: Self.password)
            #expect(ConflictSyncTests.value("memo", of: held.first) as? String == "carol memo", "\(held)")
            _ = try await carol.succeed(["sync"])
            let carols = try await carol.json(["follows", "list", "--json"]) as? [[String: Any]]
            #expect(carols?.first?["memo"] as? String == "carol memo", "\(String(describing: carols))")
        }
    }

    /// Runs `statements` on the store file directly, as an older Strata's file would be.
    private static func execute(_ statements: [String], in path: String) throws {
        var handle: OpaquePointer?
        defer { sqlite3_close(handle) }
        try #require(sqlite3_open_v2(path, &handle, SQLITE_OPEN_READWRITE, nil) == SQLITE_OK)
        sqlite3_busy_timeout(handle, 10_000)
        for sql in statements {
            try #require(sqlite3_exec(handle, sql, nil, nil, nil) == SQLITE_OK, "\(sql): \(String(cString: sqlite3_errmsg(handle)))")
        }
    }
}
