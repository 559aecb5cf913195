import Foundation
#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
import StrataTestSupport
import StrataWire
import Synchronization
import Testing

/// A PostgreSQL server that dies (`pg_ctl -m immediate stop`) while `strata-server` (the real
/// child process) applies pushes of 1,000 changes: every push in flight is answered, 503
/// `unavailable` with `Retry-After`, within seconds (it once hung for ever, on a `ROLLBACK` sent
/// to the dead connection); pushes succeed again once PostgreSQL is back; and SIGTERM then ends
/// the server (it once never did, waiting for the hung request).
@Suite("strata-server when its PostgreSQL server dies under pushes")
struct DatabaseDeathTests {
    /// How long one answer may take: the 5 s lease bound and slack for a loaded machine; far
    /// below URLSession's 60 s, after which a hung request fails the test as well.
    static let answerBound: Duration = .seconds(30)

    @Test("pushes in flight when PostgreSQL stops at once are answered 503 with Retry-After within seconds, succeed once it is back, and SIGTERM then ends the server")
    func immediateStopUnderPushes() async throws {
        let cluster = try await OwnPostgres.start()
        try await withCleanUp(of: cluster, by: { await $0.remove() }) { cluster in
            try await withTestServer(user: true, database: cluster.url) { server in
                let token = try await server.login()
                for round in 1...2 {
                    let pushes = try await Self.pushes(server, token: token) { try await cluster.stopImmediately() }
                    Self.expectAnswered(pushes, round: round)
                    try await cluster.restart()
                    let recovered = await eventually(within: Patience.childProcess, every: .milliseconds(500)) {
                        await Self.push(server, token: token).status == 200
                    }
                    #expect(recovered, "round \(round): pushes did not succeed again: \(server.log.suffix(2000))")
                }

                // Dies again under pushes; SIGTERM right after: the server ends within twice its grace (10 s), with slack.
                let stopped = Mutex<ContinuousClock.Instant?>(nil)
                let pushes = try await Self.pushes(server, token: token) {
                    try await cluster.stopImmediately()
                    stopped.withLock { $0 = .now }
                    kill(server.pid, SIGTERM)
                }
                #expect(pushes.allSatisfy { $0.ended - $0.started < Self.answerBound }, "\(pushes)")
                let status = try await server.waitForExit(timeout: Patience.childProcess)
                let took = stopped.withLock { $0 }.map { ContinuousClock.now - $0 } ?? .zero
                #expect(status != nil, "SIGTERM did not end the server within \(Patience.childProcess): \(server.log.suffix(3000))")
                #expect(took < .seconds(2 * 10 + 10), "the server took \(took) to end after SIGTERM")
                #expect(status == 0, "exit \(String(describing: status)): \(server.log.suffix(2000))")
            }
        }
    }

    /// One push's fate: when it started and ended, its status (`nil`: no answer) and `Retry-After`.
    struct Push: Sendable, CustomStringConvertible {
        var started: ContinuousClock.Instant
        var ended: ContinuousClock.Instant
        var status: Int?
        var retryAfter: String?
        var error: String?
        var description: String { "\(status.map(String.init) ?? "none") after \(ended - started)\(error.map { " (\($0))" } ?? "")" }
    }

    /// Three clients push 1,000 changes at a time in a loop; once each has had a push applied
    /// and a push is in flight, `stop` runs; each client then goes on until it gets an answer
    /// other than 200 (or none). Every push made.
    static func pushes(_ server: TestServer, token: String, stop: @escaping @Sendable () async throws -> Void) async throws -> [Push] {
        let counts = Counts()
        return try await withThrowingTaskGroup(of: [Push].self) { group in
            for client in 0..<3 {
                group.addTask {
                    var made: [Push] = []
                    var round = 0
                    while true {
                        round += 1
                        counts.inFlight.add(1, ordering: .relaxed)
                        let push = await Self.push(server, token: token, ids: "c\(client)-\(round % 4)")
                        counts.inFlight.subtract(1, ordering: .relaxed)
                        made.append(push)
                        if push.status == 200 { counts.applied.add(1, ordering: .relaxed) }
                        if counts.stopped.load(ordering: .relaxed) && push.status != 200 { return made }
                        if push.status != 200 && !counts.stopped.load(ordering: .relaxed) {
                            Issue.record("a push failed before the database stopped: \(push)")
                            return made
                        }
                    }
                }
            }
            group.addTask {
                let ready = await eventually(within: Patience.childProcess * 2, every: .milliseconds(5)) {
                    counts.applied.load(ordering: .relaxed) >= 3 && counts.inFlight.load(ordering: .relaxed) > 0
                }
                #expect(ready, "the pushes never got going")
                counts.stopped.store(true, ordering: .relaxed)  // from now on a push may fail
                try await stop()
                return []
            }
            var all: [Push] = []
            for try await made in group { all += made }
            return all
        }
    }

    /// Pushes applied and in flight, and whether the database was stopped, shared by the clients.
    final class Counts: Sendable {
        let applied = Atomic(0)
        let inFlight = Atomic(0)
        let stopped = Atomic(false)
    }

    /// Every push was answered within ``answerBound``; those in flight when the database stopped
    /// (and after) got 503 `unavailable` with `Retry-After`.
    static func expectAnswered(_ pushes: [Push], round: Int) {
        for push in pushes {
            #expect(push.status != nil && push.ended - push.started < answerBound, "round \(round): \(push)")
            if let status = push.status, status != 200 {
                #expect(status == 503 && push.retryAfter == "1", "round \(round): \(push)")
            }
        }
        #expect(pushes.contains { $0.status == 503 }, "round \(round): no push met the stopped database: \(pushes)")
    }

    /// One push of 1,000 changes (inserts, or updates of the same ids in later rounds).
    static func push(_ server: TestServer, token: String, ids prefix: String = "x") async -> Push {
        let changes = (0..<1000).map { index in
            WireChange(
                operationId: UUID().uuidString, typeName: "CaseReport", objectId: "\(prefix)-\(index)", operation: "insert",
                values: ["name": .text(String(repeating: "n", count: 40)), "age": .integer(Int64(index))], scope: 1)
        }
        let started = ContinuousClock.now
        var request = URLRequest(url: URL(string: server.url + WirePaths.changes)!)
        request.httpMethod = "POST"
        request.timeoutInterval = 60
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        do {
            request.httpBody = try WireCoding.encoder().encode(PushRequest(changes: changes))
            let (_, response) = try await URLSession.shared.data(for: request)
            let http = response as? HTTPURLResponse
            return Push(
                started: started, ended: .now, status: http?.statusCode, retryAfter: http?.value(forHTTPHeaderField: "Retry-After"))
        } catch {
            return Push(started: started, ended: .now, status: nil, error: "\(error)")
        }
    }
}

/// A PostgreSQL cluster of the test's own (`scripts/postgres start`), which it may stop at once
/// and start again without disturbing the cluster other tests share (``TestPostgres``).
struct OwnPostgres: Sendable {
    /// `postgres://strata:…@127.0.0.1:PORT/strata?sslmode=disable`.
    let url: String
    /// The cluster's folder (its data in `data`).
    let directory: String

    static var scripts: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("scripts")
    }

    /// Starts a new cluster, removed when this test process exits at the latest.
    static func start() async throws -> OwnPostgres {
        let outcome = try await run([
            scripts.appendingPathComponent("postgres").path, "start", "--owner-pid", "\(ProcessInfo.processInfo.processIdentifier)",
        ])
        func field(_ name: String) -> String? {
            outcome.stdout.split(separator: "\n").first { $0.hasPrefix(name + "=") }.map { String($0.dropFirst(name.count + 1)) }
        }
        guard outcome.status == 0, let url = field("url"), let directory = field("dir") else {
            throw OwnPostgresError(description: "scripts/postgres start: \(outcome)")
        }
        return OwnPostgres(url: url, directory: directory)
    }

    /// `pg_ctl -m immediate stop`: the server and every backend end at once, as in a crash.
    func stopImmediately() async throws { try await pgCtl(#"-D "$1/data" -m immediate -w stop"#) }

    /// Starts the stopped server again with the options it had (`postmaster.opts`).
    func restart() async throws { try await pgCtl(#"-D "$1/data" -l "$1/server.log" -w -t 60 restart"#) }

    /// Stops the cluster and removes its folder.
    func remove() async {
        _ = try? await Self.run([Self.scripts.appendingPathComponent("postgres").path, "stop", directory])
    }

    /// Runs `pg_ctl options` as the cluster's owner (scripts/lib/postgres.sh's `as_pg_user`), `$1` the folder.
    private func pgCtl(_ options: String) async throws {
        let library = Self.scripts.appendingPathComponent("lib/postgres.sh").path
        let outcome = try await Self.run([
            "-c", #"source "$0" && ensure_postgres && as_pg_user "$PG_BIN/pg_ctl" "# + options, library, directory,
        ])
        guard outcome.status == 0 else { throw OwnPostgresError(description: "pg_ctl \(options): \(outcome)") }
    }

    private static func run(_ arguments: [String]) async throws -> StrataProcess.Outcome {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment
        return await (try StrataProcess.start(process)).finish(within: .seconds(300))
    }
}

/// Why the test's own cluster could not be started, stopped or restarted (the tools' words).
struct OwnPostgresError: Error, CustomStringConvertible {
    let description: String
}
