import Foundation
import StrataCrossCutting
import StrataTestSupport
import Testing

/// Exactly-once sync under crashes: the real `strata-server` and real `strata-host sync`
/// processes, killed with SIGKILL at random moments, again and again, while the user keeps
/// editing; in the end the server holds every change once, with the newest values.
///
/// Every assertion holds for any timing of the kills: the tests compare end states (what
/// the server and the client hold, which operations the server recorded) with what the test
/// wrote, never what happened when. The kill moments only decide how much there is to prove,
/// and the suite prints that story with any failure.
@Suite("sync crash safety: SIGKILLed clients and servers apply every change once", .childProcessSlot, .serialized)
struct SyncCrashTests {
    static let password = "a long password for tests"

    @Test("a client SIGKILLed mid-push, again and again, leaves every change on the server exactly once")
    func killedClientSendsEachChangeOnce() async throws {
        try await withTestServer(app: TestServer.casebook) { server in
            let client = try await signedInClient(server, "killed-client")
            try await client.write(creates: 3000, updates: 400, deletes: 200)
            var story: [String] = []
            var killedMidPush = 0
            for round in 1...12 {
                let appliedBefore = server.appliedOperationCount()
                let inFlightBefore = client.inFlightCount()
                let running = try client.host().start(["sync"])
                // Odd rounds (round 1's push of 3,000 changes among them: many batches, so a kill
                // after the first one lands amid the rest) wait for a request to be out; even
                // rounds kill at a random moment.
                if !round.isMultiple(of: 2) {
                    // Once the server applied a batch of this run, or this run claimed more changes
                    // than a kill left in flight, a request of this run is out (a push now takes
                    // milliseconds, so the kill follows at once).
                    _ = await eventually(within: Patience.childProcess) {
                        server.appliedOperationCount() > appliedBefore || client.inFlightCount() > inFlightBefore
                            || !running.process.isRunning
                    }
                    try await Task.sleep(for: .microseconds(UInt32.random(in: 0...20_000)))  // the kill lands at a random moment: what is under test
                } else {
                    try await Task.sleep(for: .microseconds(UInt32.random(in: 20_000...600_000)))  // a random moment, not a wait for something
                }
                running.signal(SIGKILL)
                let outcome = await running.finish(within: Patience.childProcess)
                let inFlight = try await client.noteJournal()
                if outcome.status == SIGKILL && inFlight > 0 { killedMidPush += 1 }
                story.append(
                    "round \(round): exit \(outcome.status), \(inFlight) changes left in flight, "
                        + "server applied \(appliedBefore) → \(server.appliedOperationCount())")
                // The user goes on working: new reports, edits (some to reports whose change is in
                // flight, which must queue behind it) and deletes.
                try await client.write(creates: 100, updates: 150, deletes: 50)
            }
            try await finalSync(client, story: &story)
            try await verifyExactlyOnce(server, client, story: story)
            #expect(killedMidPush > 0, "no kill landed while changes were in flight, so nothing was proved:\n\(story.joined(separator: "\n"))")
        }
    }

    @Test("a server SIGKILLed mid-apply, again and again, leaves every change on the server exactly once")
    func killedServerAppliesEachChangeOnce() async throws {
        try await withTestServer(app: TestServer.casebook) { server in
            let client = try await signedInClient(server, "killed-server")
            try await client.write(creates: 3000, updates: 400, deletes: 200)
            var story: [String] = []
            var running: StrataProcess.Running?
            for kill in 1...10 {
                if let finished = running, !finished.process.isRunning {
                    let ended = await finished.finish(within: .seconds(1))
                    story.append("client run ended: \(ended.stderrLines.last ?? "exit 0")")
                    running = nil
                }
                let current = try running ?? client.host().start(["sync"])
                running = current
                let appliedBefore = server.appliedOperationCount()
                if kill.isMultiple(of: 2) {
                    // Once this server process committed a batch, it is likely applying the next.
                    _ = await eventually(within: Patience.childProcess) { server.appliedOperationCount() > appliedBefore || !current.process.isRunning }
                    try await Task.sleep(for: .microseconds(UInt32.random(in: 0...100_000)))  // the kill lands at a random moment: what is under test
                } else {
                    try await Task.sleep(for: .microseconds(UInt32.random(in: 50_000...700_000)))  // a random moment, not a wait for something
                }
                await server.kill()
                story.append("kill \(kill): server applied \(appliedBefore) → \(server.appliedOperationCount())")
                // While the server is down the user goes on working, the client retrying meanwhile.
                try await client.write(creates: 50, updates: 100, deletes: 30)
                try await Task.sleep(for: .microseconds(UInt32.random(in: 0...300_000)))  // the server stays down a random while: under test
                try await server.restart()
            }
            if let running {
                let outcome = await running.finish(within: .seconds(90))
                story.append("last client run: exit \(outcome.status) \(outcome.stderrLines.last ?? "")")
            }
            try await finalSync(client, story: &story)
            try await verifyExactlyOnce(server, client, story: story)
        }
    }

    @Test("a change the server applied but whose answer was lost, then edited or deleted, reaches the server as edited")
    func editAfterLostAnswerIsSent() async throws {
        try await withTestServer(app: TestServer.casebook) { server in
            let client = try await signedInClient(server, "lost-answer")
            try await client.write(creates: 4)
            // Every answer is cut off after the server applied the batch, as if the server died
            // between its commit and its reply: the client retries, then gives up.
            let proxy = try AnswerDroppingProxy(upstreamPort: server.port)
            let cut = try await client.host(["STRATA_SERVER_URL": proxy.url]).run(["sync"], timeout: Patience.childProcessSeconds)
            #expect(cut.status == 1, "\(cut)")
            #expect(proxy.droppedAnswers >= 1)
            #expect(server.appliedOperationCount() == 4, "the server should have applied the 4 inserts whose answers were lost")
            var story = ["sync through the proxy: \(cut.stderrLines.last ?? "")"]
            // The user edits one report and deletes another before the next sync.
            try await client.write(creates: 0, updates: 1, deletes: 1)
            try await finalSync(client, story: &story)
            try await verifyExactlyOnce(server, client, story: story)
        }
    }

    @Test("every change a SQLite server acknowledged is there after it is SIGKILLed right after the answer")
    func acknowledgedChangesSurviveKilledSQLiteServer() async throws {
        try await withTestServer(app: TestServer.casebook) { server in
            try await killAfterEachAcknowledgement(server, crashing: nil)
        }
    }

    @Test("every change a PostgreSQL server acknowledged is there after it and its cluster crash right after the answer")
    func acknowledgedChangesSurviveCrashedPostgres() async throws {
        let cluster = try await CrashablePostgres.start()
        try await withTestServer(app: TestServer.casebook, database: cluster.url) { server in
            try await killAfterEachAcknowledgement(server, crashing: cluster)
        }
        try await cluster.stop()
    }

    // MARK: - Steps

    /// Round after round: the user writes, `strata-host sync` ends with the server's
    /// acknowledgement, and at once the server is SIGKILLed (and the `crashing` cluster stopped
    /// as a crash would, no checkpoint) and started again; the server then holds every change
    /// it acknowledged, though the client dropped them from its journal.
    private func killAfterEachAcknowledgement(_ server: TestServer, crashing cluster: CrashablePostgres?) async throws {
        let client = try await signedInClient(server, "acknowledged-\(cluster == nil ? "sqlite" : "postgres")")
        var story: [String] = []
        for round in 1...5 {
            try await client.write(creates: 60, updates: round == 1 ? 0 : 30, deletes: round == 1 ? 0 : 10)
            let sync = try await client.host().run(["sync"], timeout: 2 * Patience.childProcessSeconds)
            try #require(sync.status == 0, "round \(round): the sync failed: \(sync)")
            // Acknowledged: crash now, before anything else can reach the disk.
            await server.kill()
            if let cluster { try await cluster.crash() }
            try await server.restart()
            story.append("round \(round): \(sync.stderrLines.last ?? "synced"); server killed and restarted")
            let told = "\n" + story.joined(separator: "\n") + (server.history.isEmpty ? "" : "\nserver output:\n\(server.history)")
            #expect(try await client.journalOperations().isEmpty, "the sync left changes unacknowledged\(told)")
            var held: [String: ReportsClient.Expected] = [:]
            for object in try await server.pull("CaseReport", account: "alice", password: Self.password) {
                let values = object["values"] as? [String: Any]
                held[object["objectId"] as? String ?? "?"] = ReportsClient.Expected(
                    age: (values?["age"] as? [Any])?.last as? Int ?? -1, memo: (values?["memo"] as? [Any])?.last as? String ?? "?")
            }
            let lost = client.live.filter { held[$0.key] == nil }.map(\.key).sorted()
            let stale = client.live.filter { held[$0.key] != nil && held[$0.key] != $0.value }.map(\.key).sorted()
            let revived = held.keys.filter { client.deleted.contains($0) }.sorted()
            #expect(lost.isEmpty, "\(lost.count) acknowledged reports are gone after the crash: \(lost.prefix(5))\(told)")
            #expect(stale.isEmpty, "\(stale.count) acknowledged edits are gone after the crash: \(stale.prefix(5))\(told)")
            #expect(revived.isEmpty, "\(revived.count) acknowledged deletes are undone after the crash: \(revived.prefix(5))\(told)")
        }
    }

    /// Gives `server` user alice (group ward3); a client home logged in as alice.
    private func signedInClient(_ server: TestServer, _ name: String) async throws -> ReportsClient {
        try await server.addUsers(["alice": "ward3"], password: Self.password)
        let client = ReportsClient(name, environment: server.clientEnvironment)
        try await client.login("alice", password: Self.password)
        return client
    }

    /// A sync that must succeed, then one that must find nothing left to send.
    private func finalSync(_ client: ReportsClient, story: inout [String]) async throws {
        try await client.noteJournal()
        let last = try await client.host().run(["sync", "--json"], timeout: 2 * Patience.childProcessSeconds)
        story.append("final sync: \(last)")
        try #require(last.status == 0, "the final sync failed:\n\(story.joined(separator: "\n"))")
        let again = try await client.host().json(["sync", "--json"]) as? [String: Any]
        #expect(again?["pushed"] as? Int == 0, "a second sync still sent changes: \(again ?? [:])")
    }

    /// The end state: the server holds exactly the client's live reports with their newest
    /// values, recorded each applied operation once with one version each, and its database
    /// is sound; the client's journal is empty, its store equals the server's and is sound.
    private func verifyExactlyOnce(_ server: TestServer, _ client: ReportsClient, story: [String]) async throws {
        let told = "\n" + story.joined(separator: "\n") + (server.history.isEmpty ? "" : "\nserver output:\n\(server.history)")
        let objects = try await server.pullAll("CaseReport", account: "alice", password: Self.password)
        var held: [String: ReportsClient.Expected] = [:]
        var tombstones: Set<String> = []
        for object in objects {
            let id = try #require(object["objectId"] as? String)
            if object["deleted"] as? Bool == true {
                tombstones.insert(id)
            } else {
                let values = object["values"] as? [String: Any]
                let age = (values?["age"] as? [Any])?.last as? Int ?? -1
                let memo = (values?["memo"] as? [Any])?.last as? String ?? "?"
                held[id] = ReportsClient.Expected(age: age, memo: memo)
            }
        }
        #expect(held.count + tombstones.count == objects.count, "the pull returned an object twice\(told)")
        let missing = client.live.keys.filter { held[$0] == nil }.sorted()
        let stale = client.live.compactMap { id, wrote -> String? in
            guard let old = held[id], old != wrote else { return nil }
            return "\(id): server \(old), client wrote \(wrote)"
        }.sorted()
        let resurrected = held.keys.filter { client.deleted.contains($0) }.sorted()
        let unknown = held.keys.filter { client.live[$0] == nil && !client.deleted.contains($0) }.sorted()
        #expect(missing.isEmpty, "\(missing.count) reports never reached the server: \(missing.prefix(5))\(told)")
        #expect(stale.isEmpty, "\(stale.count) reports hold older values on the server: \(stale.prefix(5))\(told)")
        #expect(resurrected.isEmpty, "\(resurrected.count) deleted reports live on the server: \(resurrected.prefix(5))\(told)")
        #expect(unknown.isEmpty, "the server holds reports the client never wrote: \(unknown.prefix(5))\(told)")
        #expect(tombstones.isSubset(of: client.deleted), "the server deleted reports the client did not\(told)")

        let database = try SQLiteReader(server.appDatabase.path)
        let operations = try database.column("SELECT operation_id FROM operations")
        let counter = try database.integer("SELECT value FROM counter WHERE id = 1")
        let versions = try database.integer("SELECT count(DISTINCT version) FROM operations")
        #expect(Set(operations).count == operations.count, "an operation id is recorded twice\(told)")
        // Every change here (insert, update, delete of a stored report) takes exactly one version.
        #expect(counter == operations.count, "\(counter) versions for \(operations.count) operations: a change applied twice or without its operation\(told)")
        #expect(versions == operations.count, "operations share a version\(told)")
        let unseen = Set(operations).subtracting(client.seenOperations)
        #expect(unseen.isEmpty, "the server applied \(unseen.count) operations the client's journal never held\(told)")
        let lost = client.seenInFlight.subtracting(operations)
        #expect(lost.isEmpty, "\(lost.count) changes once in flight never reached the server: \(lost.prefix(5))\(told)")
        #expect(try database.integrityCheck() == ["ok"], "the server's database\(told)")

        let status = StrataProcess("strata-status", home: client.home, extraEnvironment: client.environment)
        let sync = (try await status.json(["--format", "json"]) as? [String: Any])?["sync"] as? [String: Any]
        #expect(sync?["pending"] as? Int == 0, "strata-status: \(sync ?? [:])\(told)")
        #expect(sync?["rejected"] as? Int == 0, "strata-status: \(sync ?? [:])\(told)")
        #expect(try await client.journalOperations().isEmpty)
        let local = try await client.localReports()
        let differing = client.live.filter { local[$0.key] != $0.value }.map(\.key).sorted()
        #expect(differing.isEmpty && local.count == client.live.count, "the client's own store differs from what it wrote in \(differing.count) reports (\(local.count) held, \(client.live.count) expected): \(differing.prefix(5))\(told)")
        let store = try SQLiteReader(ContainerDirectory(url: client.home).storeURL.path)
        #expect(try store.integrityCheck() == ["ok"], "the client's store")
    }
}
