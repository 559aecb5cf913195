import Foundation
import StrataCrossCutting
import StrataTestSupport
import Testing

/// `strata-host announcements` end to end: real `strata-host` processes against the real
/// `strata-server`. A lead posts, a member's post is refused with the rule's reason, both read
/// on demand (nothing is stored locally), and without a server the command is one line.
@Suite("announcements: strata-host against strata-server", .childProcessSlot, .serialized)
struct AnnouncementsCLITests {
    static let password = "a long password for tests"

    @Test("a lead posts, a member is refused with the rule's reason; both list the current ones newest first, --all, --json and show")
    func postListShow() async throws {
        try await withTestServer(app: TestServer.casebook) { server in
            try await server.addUsers(["alice": "ward3", "bob": "ward3"], password: Self.password)
            _ = try await server.admin(["group", "set-role", "ward3", "alice", "lead"])
            let hosts = try await server.signedInHosts(["alice", "bob"], password: Self.password, label: "announcements-cli")
            let alice = hosts[0], bob = hosts[1]

            // Bob, a member, may not post: the server's reason, one line, exit 1.
            let refused = try await bob.run(["announcements", "post", "--title", "From bob", "--body", "Hello"])
            #expect(refused.status == 1, "\(refused)")
            #expect(refused.stderrLines.count == 1, "\(refused)")
            #expect(refused.stderr.contains("a member may not post an announcement; a lead of the group may"), "\(refused)")

            // Alice, the lead, posts two in effect now and one for later.
            let first = try await alice.succeed(["announcements", "post", "--title", "Ward meeting", "--body", "Friday 15:00"])
            #expect(first.hasPrefix("Posted announcement "), "\(first)")
            _ = try await alice.succeed([
                "announcements", "post", "--title", "Next year", "--body", "Later", "--from", "2099-01-01", "--until", "2099-02-01",
            ])
            let posted = try await alice.json(["announcements", "post", "--title", "Flu shots", "--body", "Bring your card", "--json"])
            let fluID = try #require((posted as? [String: Any])?["id"] as? String)

            let listed = try await bob.succeed(["announcements"])
            #expect(listed.contains("Announcements in effect now, newest first"), "\(listed)")
            let flu = try #require(listed.range(of: "Flu shots")), meeting = try #require(listed.range(of: "Ward meeting"))
            #expect(flu.lowerBound < meeting.lowerBound, "newest first: \(listed)")
            #expect(!listed.contains("Next year"), "\(listed)")

            let all = try #require(try await bob.json(["announcements", "--all", "--json"]) as? [[String: Any]])
            #expect(all.compactMap { $0["title"] as? String } == ["Flu shots", "Next year", "Ward meeting"])
            #expect(all.allSatisfy { $0["author"] as? String == "alice" })

            let shown = try await bob.succeed(["announcements", "show", fluID])
            #expect(shown.contains("Flu shots") && shown.contains("Bring your card") && shown.contains("by alice"), "\(shown)")
            let missing = try await bob.run(["announcements", "show", "no-such-announcement"])
            #expect(missing.status == 1 && missing.stderr.contains("no announcement with id 'no-such-announcement'"), "\(missing)")

            // Read on demand: nothing of them is stored on either machine.
            for (name, host) in [("alice", alice), ("bob", bob)] {
                let store = try #require(host.environment["STRATA_HOME"].map { ContainerDirectory(url: URL(fileURLWithPath: $0)).storeURL.path })
                let tables = try SQLiteReader(store).rows(#"SELECT name FROM sqlite_master WHERE name = 'Announcement'"#)
                #expect(tables.isEmpty, "\(name) keeps no Announcement rows")
            }
        }
    }

    @Test("without a server the listing is one line saying so, in Japanese under LANG=ja_JP.UTF-8")
    func offlineLine() async throws {
        let root = TemporaryRoot.directory("announcements-offline")
        let english = try await StrataProcess("strata-host", home: root, extraEnvironment: ["LANG": "C.UTF-8"])
            .run(["announcements"])
        #expect(english.status == 1, "\(english)")
        #expect(english.stderrLines.count == 1, "\(english)")
        #expect(english.stderr.contains("cannot read Announcement from the server: no server configured; set STRATA_SERVER_URL"), "\(english)")
        let japanese = try await StrataProcess("strata-host", home: root, extraEnvironment: ["LANG": "ja_JP.UTF-8"])
            .run(["announcements", "--all"])
        #expect(japanese.status == 1, "\(japanese)")
        #expect(japanese.stderr.contains("サーバーから Announcement を読めません"), "\(japanese)")
    }

    @Test("post refuses a bad field before it looks for a server: the field's own message, not 'no server configured'")
    func postChecksFieldsFirst() async throws {
        let root = TemporaryRoot.directory("announcements-post-fields")
        defer { try? FileManager.default.removeItem(at: root) }
        let host = StrataProcess("strata-host", home: root, extraEnvironment: ["LANG": "C.UTF-8"])
        let empty = try await host.run(["announcements", "post", "--title", "  ", "--body", "x"])
        #expect(empty.status == 1, "\(empty)")
        #expect(empty.stderrLines.count == 1, "\(empty)")
        #expect(empty.stderr.contains("title is empty"), "\(empty)")
        #expect(!empty.stderr.contains("no server configured"), "\(empty)")
        let backwards = try await host.run([
            "announcements", "post", "--title", "Ward meeting", "--body", "x", "--from", "2026-12-10", "--until", "2026-12-01",
        ])
        #expect(backwards.status == 1, "\(backwards)")
        #expect(backwards.stderr.contains("is not after from"), "\(backwards)")
        let fine = try await host.run(["announcements", "post", "--title", "Ward meeting", "--body", "x"])
        #expect(fine.status != 0 && fine.stderr.contains("no server configured"), "\(fine)")
    }
}
