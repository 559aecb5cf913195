import Foundation
import Logging
import StrataCrossCutting
import StrataData
import StrataDomain
import StrataStore
import StrataTestSupport
import Testing

/// Conflicts through the whole loop: real `strata-host` processes for alice and carol (one
/// group) against the real `strata-server`. A report's field both set before either pulled:
/// the later write stays and the earlier writer is told, can list it and keep theirs. A
/// follow-up (fail-if-changed): the second to sync is refused and told, and can take the
/// server's value. Both marking a follow-up done: no conflict; done against undone: settled by
/// the follow-up's rule (done wins), nobody asked.
@Suite("conflicts: strata-host told of concurrent writes by strata-server", .childProcessSlot, .serialized)
struct ConflictSyncTests {
    static let password = "a long password for tests"

    @Test("alice and carol set one report's age before either pulls: alice is told carol's replaced hers, lists it, keeps hers; both devices then hold alice's age")
    func overwrittenAgeKeptMine() async throws {
        try await withTestServer(app: TestServer.casebook) { server in
            try await server.addUsers(["alice": "ward3", "carol": "ward3"], password: Self.password)
            let hosts = try await server.signedInHosts(["alice", "carol"], password: Self.password, label: "conflict-age")
            let alice = hosts[0], carol = hosts[1]
            let report = try await alice.succeed(["reports", "add", "--patient-name", "Hanako Sato", "--age", "42"])
            _ = try await alice.succeed(["sync"])
            _ = try await carol.succeed(["sync"])

            _ = try await alice.succeed(["reports", "update", report, "--age", "50"])
            _ = try await carol.succeed(["reports", "update", report, "--age", "51"])
            _ = try await alice.succeed(["sync"])
            let carolSync = try await carol.succeed(["sync"])  // carol's write is the later: it stays
            #expect(!carolSync.contains(report), "carol is not told of anything: \(carolSync)")
            let told = try await alice.succeed(["sync"])
            let lines = told.split(separator: "\n").filter { $0.contains(report) }
            #expect(lines.count == 1, "one line for the report: \(told)")
            #expect(lines.first?.contains("age") == true && lines.first?.contains("carol") == true, "\(told)")
            #expect(lines.first?.contains("50") == true && lines.first?.contains("51") == true, "\(told)")

            // Listed, as text and as JSON; the id settles it.
            let listed = try await alice.succeed(["sync", "conflicts"])
            #expect(listed.contains("CaseReport") && listed.contains("age") && listed.contains("carol"), "\(listed)")
            let open = try #require(try await alice.json(["sync", "conflicts", "--json"]) as? [[String: Any]])
            #expect(open.count == 1, "\(open)")
            #expect(open.first?["objectId"] as? String == report && open.first?["kind"] as? String == "overwritten", "\(open)")
            #expect(open.first?["fields"] as? [String] == ["age"], "\(open)")
            let id = try #require(open.first?["id"] as? String)

            // An id that names no conflict: a usage error, one line naming it, nothing changed.
            let unknown = try await alice.run(["sync", "conflicts", "keep-mine", "no-such-conflict"])
            #expect(unknown.status == 64, "\(unknown)")
            #expect(unknown.stderr.contains("no-such-conflict") && unknown.stderr.split(separator: "\n").count == 1, "\(unknown)")

            let kept = try await alice.succeed(["sync", "conflicts", "keep-mine", id])
            #expect(kept.contains("age"), "\(kept)")
            #expect((try await alice.json(["sync", "conflicts", "--json"]) as? [[String: Any]])?.isEmpty == true, "settled")
            _ = try await alice.succeed(["sync"])
            let carolAgain = try await carol.succeed(["sync"])
            #expect(!carolAgain.contains(report), "keeping hers on top of carol's version tells carol nothing: \(carolAgain)")
            for (name, host) in [("alice", alice), ("carol", carol)] {
                let shown = try await host.json(["reports", "show", report, "--json"]) as? [String: Any]
                #expect(shown?["age"] as? Int == 50, "\(name): \(String(describing: shown))")
            }
            let held = try await server.pull("CaseReport", account: "carol", password: Self.password)
            #expect(Self.value("age", of: held.first) as? Int == 50, "\(held)")
        }
    }

    @Test("alice and carol both change a follow-up's memo: carol, second to sync, is refused and told; keep-theirs leaves alice's memo on both devices")
    func refusedMemoKeepTheirs() async throws {
        try await withTestServer(app: TestServer.casebook) { server in
            try await server.addUsers(["alice": "ward3", "carol": "ward3"], password: Self.password)
            let hosts = try await server.signedInHosts(["alice", "carol"], password: Self.password, label: "conflict-memo")
            let alice = hosts[0], carol = hosts[1]
            let followUp = try await Self.sharedFollowUp(alice, carol)

            // strata-host has no command to edit a follow-up's memo: each edits it in its store.
            try await Self.editFollowUp(followUp, on: alice) { $0.memo = "alice memo" }
            try await Self.editFollowUp(followUp, on: carol) { $0.memo = "carol memo" }
            _ = try await alice.succeed(["sync"])
            let told = try await carol.succeed(["sync"])
            let lines = told.split(separator: "\n").filter { $0.contains(followUp) }
            #expect(lines.count == 1, "one line for the follow-up: \(told)")
            #expect(lines.first?.contains("memo") == true && lines.first?.contains("alice") == true, "\(told)")
            #expect(lines.first?.contains("refused") == true, "\(told)")

            let open = try #require(try await carol.json(["sync", "conflicts", "--json"]) as? [[String: Any]])
            #expect(open.count == 1 && open.first?["kind"] as? String == "refused", "\(open)")
            #expect(open.first?["objectId"] as? String == followUp && open.first?["fields"] as? [String] == ["memo"], "\(open)")
            let id = try #require(open.first?["id"] as? String)
            // The same device in Japanese: the list's words are Japanese, the id and values stay.
            let japanese = StrataProcess(
                "strata-host", home: URL(fileURLWithPath: try #require(carol.environment["STRATA_HOME"])),
                extraEnvironment: server.clientEnvironment.merging(["LANG": "ja_JP.UTF-8"]) { _, new in new })
            let listed = try await japanese.succeed(["sync", "conflicts"])
            for expected in ["拒否", "'carol memo' → 'alice memo'", "alice", id] {
                #expect(listed.contains(expected), "\(expected) in \(listed)")
            }
            _ = try await carol.succeed(["sync", "conflicts", "keep-theirs", id])
            #expect((try await carol.json(["sync", "conflicts", "--json"]) as? [[String: Any]])?.isEmpty == true, "settled")
            _ = try await carol.succeed(["sync"])
            _ = try await alice.succeed(["sync"])
            for (name, host) in [("alice", alice), ("carol", carol)] {
                let listed = try await host.json(["follows", "list", "--json"]) as? [[String: Any]]
                #expect(listed?.first?["memo"] as? String == "alice memo", "\(name): \(String(describing: listed))")
            }
            let held = try await server.pull("FollowUp", account: "alice", password: Self.password)
            #expect(Self.value("memo", of: held.first) as? String == "alice memo", "\(held)")
        }
    }

    @Test("alice and carol both mark one follow-up done: done everywhere, no conflict listed")
    func bothDoneSettledByTheRule() async throws {
        try await withTestServer(app: TestServer.casebook) { server in
            try await server.addUsers(["alice": "ward3", "carol": "ward3"], password: Self.password)
            let hosts = try await server.signedInHosts(["alice", "carol"], password: Self.password, label: "conflict-done")
            let alice = hosts[0], carol = hosts[1]
            let followUp = try await Self.sharedFollowUp(alice, carol)

            _ = try await alice.succeed(["follows", "done", followUp])
            _ = try await carol.succeed(["follows", "done", followUp])
            _ = try await alice.succeed(["sync"])
            let second = try await carol.succeed(["sync"])
            // The same value written twice is no conflict on the server: nothing to settle.
            #expect(!second.contains(followUp) && !second.contains("settled"), "no line asks carol anything: \(second)")
            for (name, host) in [("alice", alice), ("carol", carol)] {
                #expect((try await host.json(["sync", "conflicts", "--json"]) as? [[String: Any]])?.isEmpty == true, "\(name)")
                #expect((try await host.json(["sync", "rejected", "--json"]) as? [[String: Any]])?.isEmpty == true, "\(name)")
            }
            _ = try await carol.succeed(["sync"])
            _ = try await alice.succeed(["sync"])
            for (name, host) in [("alice", alice), ("carol", carol)] {
                let listed = try await host.json(["follows", "list", "--json"]) as? [[String: Any]]
                #expect(listed?.first?["done"] as? Bool == true, "\(name): \(String(describing: listed))")
            }
            let held = try await server.pull("FollowUp", account: "carol", password: Self.password)
            #expect(Self.value("isDone", of: held.first) as? Int == 1, "\(held)")
        }
    }

    @Test("carol marks a follow-up done while alice marks it done and then not done: carol's refusal touches only isDone, so done wins without asking, on both devices")
    func doneWinsOverUndone() async throws {
        try await withTestServer(app: TestServer.casebook) { server in
            try await server.addUsers(["alice": "ward3", "carol": "ward3"], password: Self.password)
            let hosts = try await server.signedInHosts(["alice", "carol"], password: Self.password, label: "conflict-undone")
            let alice = hosts[0], carol = hosts[1]
            let followUp = try await Self.sharedFollowUp(alice, carol)

            _ = try await carol.succeed(["follows", "done", followUp])
            _ = try await alice.succeed(["follows", "done", followUp])
            _ = try await alice.succeed(["sync"])
            // strata-host has no command to undo "done": alice does it in her store.
            try await Self.editFollowUp(followUp, on: alice) { $0.isDone = false }
            _ = try await alice.succeed(["sync"])
            let told = try await carol.succeed(["sync"])
            #expect(told.contains("1 conflict was settled by the type's own rule and sent again."), "\(told)")
            #expect(!told.contains(followUp), "no line asks carol anything: \(told)")
            #expect((try await carol.json(["sync", "conflicts", "--json"]) as? [[String: Any]])?.isEmpty == true)
            #expect((try await carol.json(["sync", "rejected", "--json"]) as? [[String: Any]])?.isEmpty == true)
            _ = try await alice.succeed(["sync"])
            for (name, host) in [("alice", alice), ("carol", carol)] {
                let listed = try await host.json(["follows", "list", "--json"]) as? [[String: Any]]
                #expect(listed?.first?["done"] as? Bool == true, "\(name): \(String(describing: listed))")
            }
            let held = try await server.pull("FollowUp", account: "alice", password: Self.password)
            #expect(Self.value("isDone", of: held.first) as? Int == 1, "\(held)")
        }
    }

    @Test("with reports fail-if-changed on the server: carol's refused age, kept theirs after alice changed it again, ends with alice's newest age on carol's device; one alice deleted meanwhile is gone from it")
    func refusedKeepTheirsTakesTheServersNow() async throws {
        try await withTestServer(["--conflict-policy", "CaseReport=fail-if-changed"], app: TestServer.casebook) { server in
            try await server.addUsers(["alice": "ward3", "carol": "ward3"], password: Self.password)
            let hosts = try await server.signedInHosts(["alice", "carol"], password: Self.password, label: "conflict-stale")
            let alice = hosts[0], carol = hosts[1]
            let report = try await Self.refusedAge(alice, carol)
            let deleted = try await Self.refusedAge(alice, carol)
            // While carol's refused changes wait, alice changes one again and deletes the other.
            _ = try await alice.succeed(["reports", "update", report, "--age", "60"])
            _ = try await alice.succeed(["reports", "delete", deleted])
            _ = try await alice.succeed(["sync"])
            _ = try await carol.succeed(["sync"])  // pulls past both, keeping carol's copies (changes wait)

            for id in try await Self.conflictIDs(carol) { _ = try await carol.succeed(["sync", "conflicts", "keep-theirs", id]) }
            _ = try await carol.succeed(["sync"])
            let shown = try await carol.json(["reports", "show", report, "--json"]) as? [String: Any]
            #expect(shown?["age"] as? Int == 60, "carol holds alice's newest age: \(String(describing: shown))")
            let listed = try #require(try await carol.json(["reports", "list", "--json"]) as? [[String: Any]])
            #expect(listed.map { $0["id"] as? String } == [report], "the report alice deleted is gone: \(listed)")
        }
    }

    @Test("with reports fail-if-changed on the server: carol keeps her refused age after alice changed it again: refused again with alice's newest; kept again, it is sent; kept after alice deleted the report, it is rejected as deleted")
    func refusedKeepMineOnAStaleCopy() async throws {
        try await withTestServer(["--conflict-policy", "CaseReport=fail-if-changed"], app: TestServer.casebook) { server in
            try await server.addUsers(["alice": "ward3", "carol": "ward3"], password: Self.password)
            let hosts = try await server.signedInHosts(["alice", "carol"], password: Self.password, label: "conflict-again")
            let alice = hosts[0], carol = hosts[1]
            let report = try await Self.refusedAge(alice, carol)
            let deleted = try await Self.refusedAge(alice, carol)
            _ = try await alice.succeed(["reports", "update", report, "--age", "60"])
            _ = try await alice.succeed(["reports", "delete", deleted])
            _ = try await alice.succeed(["sync"])

            for id in try await Self.conflictIDs(carol) { _ = try await carol.succeed(["sync", "conflicts", "keep-mine", id]) }
            let again = try await carol.succeed(["sync"])
            #expect(again.contains(report) && again.contains("60"), "refused again, with alice's newest age: \(again)")
            let open = try #require(try await carol.json(["sync", "conflicts", "--json"]) as? [[String: Any]])
            #expect(open.map { $0["objectId"] as? String } == [report], "\(open)")
            #expect((open.first?["theirs"] as? [String: Any])?["age"] as? Int == 60, "\(open)")
            let rejected = try #require(try await carol.json(["sync", "rejected", "--json"]) as? [[String: Any]])
            #expect(rejected.contains { "\($0)".contains(deleted) }, "the change of the deleted report is rejected: \(rejected)")

            let id = try #require(open.first?["id"] as? String)
            _ = try await carol.succeed(["sync", "conflicts", "keep-mine", id])
            _ = try await carol.succeed(["sync"])
            let held = try await server.pull("CaseReport", account: "alice", password: Self.password)
            #expect(Self.value("age", of: held.first { $0["objectId"] as? String == report }) as? Int == 51, "\(held)")
        }
    }

    /// A report of alice's (age 42) both hold; alice sets its age to 50 and syncs, carol to 51
    /// and is refused (reports are fail-if-changed on this server). The report's id.
    static func refusedAge(_ alice: StrataProcess, _ carol: StrataProcess) async throws -> String {
        let report = try await alice.succeed(["reports", "add", "--patient-name", "Hanako Sato", "--age", "42"])
        _ = try await alice.succeed(["sync"])
        _ = try await carol.succeed(["sync"])
        _ = try await alice.succeed(["reports", "update", report, "--age", "50"])
        _ = try await alice.succeed(["sync"])
        _ = try await carol.succeed(["reports", "update", report, "--age", "51"])
        let told = try await carol.succeed(["sync"])
        try #require(told.contains(report) && told.contains("refused"), "carol is refused: \(told)")
        #expect(told.contains("alice changed it since your copy (now 50)"), "the line names who changed it: \(told)")
        return report
    }

    /// The ids of `host`'s open conflicts.
    static func conflictIDs(_ host: StrataProcess) async throws -> [String] {
        let open = try #require(try await host.json(["sync", "conflicts", "--json"]) as? [[String: Any]])
        return open.compactMap { $0["id"] as? String }
    }

    /// The payload of field `key` of a pulled object (values are tagged on the wire: `["i", 50]`).
    static func value(_ key: String, of object: [String: Any]?) -> Any? {
        ((object?["values"] as? [String: Any])?[key] as? [Any])?.dropFirst().first
    }

    /// A report of alice's with one follow-up, synced to the server and to carol; the follow-up's id.
    static func sharedFollowUp(_ alice: StrataProcess, _ carol: StrataProcess) async throws -> String {
        let report = try await alice.succeed(["reports", "add", "--patient-name", "Hanako Sato", "--age", "42"])
        let date = Date().addingTimeInterval(2 * 86_400).formatted(.iso8601.year().month().day())
        let followUp = try await alice.succeed(["follows", "add", "--report", report, "--date", date, "--memo", "check BP"])
        _ = try await alice.succeed(["sync"])
        _ = try await carol.succeed(["sync"])
        let listed = try await carol.json(["follows", "list", "--json"]) as? [[String: Any]]
        try #require(listed?.first?["id"] as? String == followUp, "\(String(describing: listed))")
        return followUp
    }

    /// Opens `host`'s store in this process (no strata-host runs meanwhile), changes the
    /// follow-up `id` by `edit` and saves it: a local edit, journalled like any other.
    static func editFollowUp(_ id: String, on host: StrataProcess, _ edit: (inout FollowUp) -> Void) async throws {
        let home = try #require(host.environment["STRATA_HOME"])
        let data = try await DataLayerFactory.live(
            container: ContainerDirectory(url: URL(fileURLWithPath: home)), logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() })
        _ = try await DomainFactory.make(data: data, clock: SystemClock())
        var followUp = try #require(try await data.store.fetch(FollowUp.self, id: id))
        edit(&followUp)
        _ = try await data.store.save(followUp)
    }
}
