import Foundation
import StrataTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Several instances as operators run them (Docs/Deploying.md, "Several machines"): Debian's
/// nginx, configured from the sample `deploy/nginx/strata.conf`, in front of two real
/// `strata-server` processes on one PostgreSQL database, with three real `strata-host` clients
/// syncing through it while one instance is SIGKILLed and restarted on its port.
///
/// Every assertion holds for any timing: the test compares end states (what the database
/// holds, what each client holds) with what the clients wrote. The timing only decides how
/// much there is to prove, which the story printed with any failure tells.
@Suite("a load balancer: nginx in front of two strata-server instances on one PostgreSQL", .childProcessSlot, .serialized)
struct LoadBalancerTests {
    static let password = "a long password for tests"
    /// The three users, one group: each sees every report the others write.
    static let accounts = ["alice", "bob", "carol"]

    @Test("three clients sync through nginx while an instance is SIGKILLed and restarted: every change lands once, every client converges")
    func clientsConvergeThroughAKilledInstance() async throws {
        let database = try await TestPostgres.database()
        // Behind nginx, as the sample configuration says: X-Forwarded-For names the client.
        let options = ["--trusted-proxy", "127.0.0.1", "--log-level", "trace"]
        try await withTestServer(options, app: TestServer.casebook, database: database) { a in
            try await withTestServer(options, database: database) { b in
                try await a.addUsers(Dictionary(uniqueKeysWithValues: Self.accounts.map { ($0, "ward3") }), password: Self.password)
                try await withTestNginx(in: [a, b]) { nginx in
                    let environment = ["STRATA_SERVER_URL": nginx.url, "STRATA_APP_KEY": a.app?.key ?? ""]
                    var clients: [ReportsClient] = []
                    for account in Self.accounts {
                        let client = ReportsClient(account, environment: environment)
                        try await client.login(account, password: Self.password)
                        clients.append(client)
                    }
                    var story = Story(nginx: nginx)
                    try await run(clients, a: a, b: b, nginx: nginx, story: &story)
                    try await verify(clients, database: database, server: a, story: story)
                }
            }
        }
    }

    /// The run: rounds until nginx has sent pushes to both instances; then A is SIGKILLed during
    /// a round, the clients sync on B alone, and A is restarted on its port, with rounds until
    /// nginx sends it pushes again (again, up to three times, until a kill cut off a request
    /// nginx had sent A); then each client's last syncs.
    private func run(_ clients: [ReportsClient], a: TestServer, b: TestServer, nginx: TestNginx, story: inout Story) async throws {
        try await rounds(clients, until: "nginx sent pushes to both instances", story: &story) {
            let (onA, onB) = (try await Self.pushesServed(by: a), try await Self.pushesServed(by: b))
            return onA > 0 && onB > 0
        }
        var cut = false
        for _ in 1...3 where !cut {
            cut = try await killDuringRound(a, clients, nginx: nginx, story: &story)
            // nginx finds A refusing connections and sends everything to B: the syncs go on.
            _ = try await round(clients, creates: 10, updates: 3, deletes: 1, story: &story)
            let failed = try await round(clients, creates: 10, updates: 3, deletes: 1, story: &story)
            #expect(failed == 0, "syncs failed while B alone answered behind nginx\(story)")
            try await a.restart()
            story.add("A restarted on port \(a.port)")
            // nginx counted A as failed: it tries A again once its fail_timeout (5 s) has passed.
            try await rounds(clients, until: "nginx sent the restarted A a push", story: &story) {
                try await Self.pushesServed(by: a) > 0
            }
        }
        #expect(cut, "no kill of A cut off a request nginx had sent it, so no change was in flight at a kill\(story)")
        #expect(try await Self.pushesServed(by: b) > 0)

        // Every client sends what is left, then every client pulls what the others sent.
        for pass in 1...2 {
            let syncs = try clients.map { try $0.host().start(["sync", "--json"]) }
            for (client, sync) in zip(clients, syncs) {
                let outcome = await sync.finish(within: Patience.childProcess * 2)
                story.add("final sync \(pass) \(client.name): \(outcome.status == 0 ? outcome.stdout : "\(outcome)")")
                try #require(outcome.status == 0, "a final sync failed\(story)")
                if pass == 2 {
                    let report = try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any]
                    #expect(report?["pushed"] as? Int == 0, "a second final sync still sent changes\(story)")
                }
            }
        }
    }

    /// A round of many changes each, so the three syncs push for a while, during which A is
    /// SIGKILLed as soon as it has read a request of the round. Whether the kill cut off a
    /// request nginx had sent A: A had read one, and nginx logged a connection to A closed or
    /// reset before the answer.
    private func killDuringRound(
        _ a: TestServer, _ clients: [ReportsClient], nginx: TestNginx, story: inout Story
    ) async throws -> Bool {
        let (headsBefore, cutsBefore) = (Self.requestHeads(in: a), Self.cutOff(nginx))
        let syncs = try await startRound(clients, creates: 100, updates: 10, deletes: 5)
        _ = await eventually(within: Patience.childProcess, every: .milliseconds(2)) {
            Self.requestHeads(in: a) > headsBefore || syncs.allSatisfy { !$0.process.isRunning }
        }
        let syncing = syncs.filter { $0.process.isRunning }.count
        await a.kill()
        let heads = Self.requestHeads(in: a) - headsBefore
        _ = try await finish(syncs, clients, story: &story)
        let cut = heads > 0 && Self.cutOff(nginx) > cutsBefore
        story.add("A SIGKILLed with \(syncing) of 3 syncs running, after it read \(heads) requests of the round: \(cut ? "a request nginx sent A was cut off" : "no request was cut off")")
        return cut
    }

    /// Rounds (a few changes each) until `condition` holds, at most 90 s.
    private func rounds(
        _ clients: [ReportsClient], until what: String, story: inout Story, _ condition: () async throws -> Bool
    ) async throws {
        let deadline = ContinuousClock.now + .seconds(90)
        repeat {
            _ = try await round(clients, creates: 3, updates: 2, deletes: 1, story: &story)
            if try await condition() {
                story.add(what)
                return
            }
        } while ContinuousClock.now < deadline
        throw ServerFailure(description: "never \(what) within 90 s\(story)")
    }

    /// One round: every client writes, then the three sync at once, each to its end. How many
    /// syncs failed.
    private func round(
        _ clients: [ReportsClient], creates: Int, updates: Int, deletes: Int, story: inout Story
    ) async throws -> Int {
        let syncs = try await startRound(clients, creates: creates, updates: updates, deletes: deletes)
        return try await finish(syncs, clients, story: &story)
    }

    /// Writes to every client's store (as the app does, through the data layer), then starts
    /// `strata-host sync --json` on all three at once.
    private func startRound(
        _ clients: [ReportsClient], creates: Int, updates: Int, deletes: Int
    ) async throws -> [StrataProcess.Running] {
        for client in clients { try await client.write(creates: creates, updates: updates, deletes: deletes) }
        return try clients.map { try $0.host().start(["sync", "--json"]) }
    }

    /// Waits for the round's syncs and notes how each ended; how many failed. A sync may fail
    /// (its request was cut off by the kill, its retries ran out): the next round's sync sends
    /// its changes again, as a real client's next sync does; the final syncs must succeed.
    private func finish(_ syncs: [StrataProcess.Running], _ clients: [ReportsClient], story: inout Story) async throws -> Int {
        var line: [String] = []
        var failed = 0
        for (client, sync) in zip(clients, syncs) {
            let outcome = await sync.finish(within: Patience.childProcess * 2)
            let report = try? JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any]
            if outcome.status != 0 { failed += 1 }
            line.append(
                "\(client.name) "
                    + (outcome.status == 0
                        ? "pushed \(report?["pushed"] as? Int ?? -1)"
                        : "exit \(outcome.status): \(outcome.stderrLines.last ?? "")"))
            try await client.noteJournal()
        }
        story.add("round: " + line.joined(separator: "; "))
        return failed
    }

    /// The end state. The database holds every operation once with one version each (a change
    /// applied twice would take a second version) and each report with its newest values;
    /// every client holds exactly those reports, and the three list the same.
    private func verify(_ clients: [ReportsClient], database: String, server: TestServer, story: Story) async throws {
        var story = story
        var live: [String: ReportsClient.Expected] = [:]
        var deleted: Set<String> = []
        var seen: Set<String> = []
        var inFlight: Set<String> = []
        for client in clients {
            live.merge(client.live) { first, _ in first }
            deleted.formUnion(client.deleted)
            seen.formUnion(client.seenOperations)
            inFlight.formUnion(client.seenInFlight)
        }
        #expect(live.count == clients.map(\.live.count).reduce(0, +), "two clients wrote one id\(story)")

        let operations = try await TestPostgres.query("SELECT operation_id FROM operations", in: database)
            .split(separator: "\n").map(String.init)
        let versions = try await TestPostgres.query("SELECT count(DISTINCT version) FROM operations", in: database)
        let counter = try await TestPostgres.query("SELECT value FROM app_counters", in: database)
        let objects = try await TestPostgres.query(
            "SELECT count(*), count(DISTINCT object_id) FROM objects WHERE type_name = 'CaseReport'", in: database)
        story.add("\(operations.count) operations, \(live.count) live reports, \(deleted.count) deleted")
        #expect(Set(operations).count == operations.count, "an operation id is recorded twice\(story)")
        #expect(counter == "\(operations.count)", "\(counter) versions for \(operations.count) operations: a change applied twice or without its operation\(story)")
        #expect(versions == "\(operations.count)", "operations share a version\(story)")
        let unseen = Set(operations).subtracting(seen)
        #expect(unseen.isEmpty, "the server applied \(unseen.count) operations no client's journal held\(story)")
        let lost = inFlight.subtracting(operations)
        #expect(lost.isEmpty, "\(lost.count) changes once in flight never reached the server: \(lost.prefix(5))\(story)")

        let pulled = try await server.pullAll("CaseReport", account: Self.accounts[0], password: Self.password)
        var held: [String: ReportsClient.Expected] = [:]
        var tombstones: Set<String> = []
        for object in pulled {
            let id = try #require(object["objectId"] as? String)
            if object["deleted"] as? Bool == true {
                tombstones.insert(id)
            } else {
                let values = object["values"] as? [String: Any]
                held[id] = ReportsClient.Expected(
                    age: (values?["age"] as? [Any])?.last as? Int ?? -1, memo: (values?["memo"] as? [Any])?.last as? String ?? "?")
            }
        }
        #expect(objects == "\(pulled.count)|\(pulled.count)", "the database holds \(objects) report rows|ids, the pull \(pulled.count)\(story)")
        #expect(held.count + tombstones.count == pulled.count, "the pull returned an object twice\(story)")
        let missing = live.keys.filter { held[$0] == nil }.sorted()
        let stale = live.filter { id, wrote in held[id].map { $0 != wrote } ?? false }.keys.sorted()
        #expect(missing.isEmpty, "\(missing.count) reports never reached the server: \(missing.prefix(5))\(story)")
        #expect(stale.isEmpty, "\(stale.count) reports hold other values on the server: \(stale.prefix(5))\(story)")
        let unknown = held.keys.filter { live[$0] == nil }.sorted()
        #expect(unknown.isEmpty, "the server holds \(unknown.count) reports no client holds (deleted or never written): \(unknown.prefix(5))\(story)")
        #expect(tombstones.isSubset(of: deleted), "the server deleted reports no client deleted\(story)")

        var listings: [String] = []
        for client in clients {
            #expect(try await client.journalOperations().isEmpty, "\(client.name) still has changes to send\(story)")
            let local = try await client.localReports()
            let differing = live.filter { local[$0.key] != $0.value }.keys.sorted()
            #expect(
                differing.isEmpty && local.count == live.count,
                "\(client.name) holds \(local.count) reports for \(live.count) written, \(differing.count) missing or differing: \(differing.prefix(5))\(story)")
            listings.append(try await Self.listing(client))
        }
        let distinctListings = Set(listings).count
        #expect(distinctListings == 1, "the three clients' reports lists differ\(story)")
        let listed = try JSONSerialization.jsonObject(with: Data((listings.first ?? "[]").utf8)) as? [[String: Any]] ?? []
        let listedIDs = Set(listed.compactMap { $0["id"] as? String })
        #expect(
            listedIDs.count == listed.count && listedIDs == Set(live.keys),
            "reports list shows \(listed.count) reports for \(live.count) written: \(listedIDs.symmetricDifference(live.keys).sorted().prefix(5))\(story)")
    }

    /// `strata-host reports list --json`, page after page, sorted by id, as one JSON text.
    private static func listing(_ client: ReportsClient) async throws -> String {
        var reports: [[String: Any]] = []
        for page in 1... {
            let arguments = ["reports", "list", "--json", "--page", "\(page)", "--page-size", "1000"]
            let outcome = try await client.host().run(arguments)
            try #require(outcome.status == 0, "reports list: \(outcome)")
            let batch = try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [[String: Any]] ?? []
            reports += batch
            if batch.count < 1000 { break }
        }
        reports.sort { ($0["id"] as? String ?? "") < ($1["id"] as? String ?? "") }
        return String(decoding: try JSONSerialization.data(withJSONObject: reports, options: [.sortedKeys]), as: UTF8.self)
    }

    /// How many pushes (`POST /v1/changes` answered 200) the instance's current process
    /// answered, from its own `/metrics` (which nginx does not pass on: asked directly).
    private static func pushesServed(by server: TestServer) async throws -> Int {
        let url = try #require(URL(string: "\(server.url)/metrics"))
        let (data, _) = try await URLSession.shared.data(from: url)
        return String(decoding: data, as: UTF8.self).split(separator: "\n").filter {
            $0.hasPrefix("strata_http_requests_total{") && $0.contains(#"route="/v1/changes""#)
                && $0.contains(#"method="POST""#) && $0.contains(#"status="200""#)
        }.compactMap { $0.split(separator: " ").last.flatMap { Double($0) } }.reduce(0) { $0 + Int($1) }
    }

    /// How many times nginx's error log says a connection to an instance closed, was reset or
    /// broke while a request was on it.
    private static func cutOff(_ nginx: TestNginx) -> Int {
        nginx.errorLog.split(separator: "\n").filter {
            $0.contains("upstream prematurely closed") || $0.contains("(104: Connection reset by peer)")
                || $0.contains("(32: Broken pipe)")
        }.count
    }

    /// How many request heads the instance's current process has read (its trace log).
    private static func requestHeads(in server: TestServer) -> Int {
        server.log.components(separatedBy: "request head read").count - 1
    }
}

/// What happened during a run, for failure messages: one line per step, then nginx's error log.
private struct Story: CustomStringConvertible {
    let nginx: TestNginx
    private var lines: [String] = []

    init(nginx: TestNginx) { self.nginx = nginx }

    mutating func add(_ line: String) { lines.append(line) }

    var description: String {
        "\n" + lines.joined(separator: "\n") + "\nnginx error log:\n" + nginx.errorLog.split(separator: "\n").suffix(20).joined(separator: "\n")
    }
}
