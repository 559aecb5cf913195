import Foundation
import StrataCrossCutting
import StrataTestSupport
import Testing

/// Revocation as a ward meets it: carol, removed from a group (or left without it when it is
/// deleted), holds its reports no longer: her next sync removes them and says so in one line.
@Suite("revocation: strata-host removes what its user no longer sees", .childProcessSlot, .serialized)
struct RevocationSyncTests {
    static let password = "a long password for tests"

    @Test("removed from a group, then the other group deleted: carol's next syncs remove its reports, keep her own, and say so")
    func removedMemberLosesTheGroupsReports() async throws {
        try await withTestServer(app: TestServer.casebook) { server in
            try await server.addUsers(["alice": "ward3", "bob": "ward4", "carol": "ward3"], password: Self.password)
            _ = try await server.admin(["group", "add-member", "ward4", "carol"])
            let hosts = try await server.signedInHosts(["alice", "bob", "carol"], password: Self.password, label: "revocation")
            let alice = hosts[0], bob = hosts[1], carol = hosts[2]
            _ = try await alice.succeed(["reports", "add", "--patient-name", "Hanako Sato", "--age", "42"])
            _ = try await alice.succeed(["sync"])
            _ = try await bob.succeed(["reports", "add", "--patient-name", "Jiro Kato", "--age", "55"])
            _ = try await bob.succeed(["sync"])
            _ = try await carol.succeed(["reports", "add", "--patient-name", "Taro Yamada", "--age", "67"])
            _ = try await carol.succeed(["sync"])
            let all = try await carol.succeed(["reports", "list"])
            #expect(all.contains("Hanako Sato") && all.contains("Jiro Kato") && all.contains("Taro Yamada"), "\(all)")

            // Removed from ward3: alice's report leaves carol's device; her own stays.
            _ = try await server.admin(["group", "remove-member", "ward3", "carol"])
            let removed = try await carol.succeed(["sync"])
            #expect(
                removed.contains("this account no longer sees some objects (its groups changed on the server): removed 1 object"),
                "\(removed)")
            let left = try await carol.succeed(["reports", "list"])
            #expect(!left.contains("Hanako Sato") && left.contains("Jiro Kato") && left.contains("Taro Yamada"), "\(left)")

            // The next sync is an ordinary one.
            let calm = try await carol.succeed(["sync"])
            #expect(!calm.contains("no longer sees"), "\(calm)")

            // ward4 deleted with its members: bob's report leaves carol's device too.
            _ = try await server.admin(["group", "delete", "ward4", "--force"])
            let deleted = try await carol.succeed(["sync"])
            #expect(deleted.contains("removed 1 object"), "\(deleted)")
            let last = try await carol.succeed(["reports", "list"])
            #expect(!last.contains("Jiro Kato") && last.contains("Taro Yamada"), "\(last)")

            // Alice, still a member of ward3, keeps everything she saw (carol's report keeps ward3 as its group).
            let still = try await alice.succeed(["sync"])
            #expect(!still.contains("no longer sees"), "\(still)")
            let hers = try await alice.succeed(["reports", "list"])
            #expect(hers.contains("Hanako Sato") && hers.contains("Taro Yamada"), "\(hers)")
        }
    }

    @Test("on SQLite: a disabled user's sync is refused with account_disabled and removes others' reports, keeping hers; a deleted one's too")
    func disabledSQLite() async throws {
        try await withTestServer(app: TestServer.casebook) { server in try await Self.disabledAndDeleted(server) }
    }

    @Test("on PostgreSQL: the same")
    func disabledPostgres() async throws {
        let database = try await TestPostgres.database()
        try await withTestServer(app: TestServer.casebook, database: database) { server in try await Self.disabledAndDeleted(server) }
    }

    static func disabledAndDeleted(_ server: TestServer) async throws {
        try await server.addUsers(["alice": "ward3", "bob": "ward3", "carol": "ward3"], password: password)
        let hosts = try await server.signedInHosts(["alice", "bob", "carol"], password: password, label: "revocation-disabled")
        let alice = hosts[0], bob = hosts[1], carol = hosts[2]
        let hanako = try await alice.succeed(["reports", "add", "--patient-name", "Hanako Sato", "--age", "42"])
        _ = try await alice.succeed(["sync"])
        for (host, name) in [(bob, "Jiro Kato"), (carol, "Taro Yamada")] {
            _ = try await host.succeed(["reports", "add", "--patient-name", name, "--age", "55"])
            _ = try await host.succeed(["sync"])
        }
        for host in [bob, carol] { _ = try await host.succeed(["sync"]) }
        let all = try await carol.succeed(["reports", "list"])
        #expect(all.contains("Hanako Sato") && all.contains("Jiro Kato") && all.contains("Taro Yamada"), "\(all)")

        // An edit of alice's report carol has not sent yet: it is not lost but rejected, with why.
        _ = try await carol.succeed(["reports", "update", hanako, "--age", "43"])
        _ = try await server.admin(["user", "update", "carol", "--disable"])
        let refused = try await carol.run(["sync"])
        #expect(refused.status != 0, "\(refused)")
        #expect(refused.stderr.split(separator: "\n").count == 1, "\(refused.stderr)")
        #expect(refused.stderr.contains("account_disabled: this account was disabled by an administrator"), "\(refused)")
        #expect(
            refused.stderr.contains(
                "removed 2 objects of other users from this device, 1 unsent change of them moved to the rejected list"),
            "\(refused)")
        let store = try #require(carol.environment["STRATA_HOME"].map { ContainerDirectory(url: URL(fileURLWithPath: $0)).storeURL.path })
        let rejected = try SQLiteReader(store).rows(
            #"SELECT "objectId", "reason" FROM "_strata_journal" WHERE "state" = 'rejected'"#)
        #expect(rejected == [[hanako, "CaseReport \(hanako) is no longer visible to this user; the change was not sent"]])
        let hers = try await carol.succeed(["reports", "list"])
        #expect(!hers.contains("Hanako Sato") && !hers.contains("Jiro Kato") && hers.contains("Taro Yamada"), "\(hers)")

        _ = try await server.admin(["user", "delete", "bob"])
        let gone = try await bob.run(["sync"])
        #expect(gone.status != 0, "\(gone)")
        #expect(gone.stderr.contains("account_disabled: this account was deleted by an administrator"), "\(gone)")
        #expect(gone.stderr.contains("removed 2 objects of other users from this device"), "\(gone)")
        let his = try await bob.succeed(["reports", "list"])
        #expect(!his.contains("Hanako Sato") && !his.contains("Taro Yamada") && his.contains("Jiro Kato"), "\(his)")

        // Alice, untouched, keeps everything and syncs as before.
        _ = try await alice.succeed(["sync"])
        let kept = try await alice.succeed(["reports", "list"])
        #expect(kept.contains("Hanako Sato") && kept.contains("Jiro Kato") && kept.contains("Taro Yamada"), "\(kept)")
    }
}
