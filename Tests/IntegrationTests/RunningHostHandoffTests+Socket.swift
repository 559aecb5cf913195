import Foundation
import StrataTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The handoff socket under stress: a dead or stopped host, a second host, hostile and silent
/// clients, a planted link and paths too long for `sun_path`. Each falls back to running the
/// URL here or is refused, and the host keeps serving.
extension RunningHostHandoffTests {
    @Test("a killed host's stale socket: open runs the URL itself; the next host removes it and takes URLs again")
    func staleSocketFallsBackToHeadless() async throws {
        let first = try await Self.startHost()
        let socket = try #require(Self.socketPath(in: first.runtime))
        kill(first.pid, SIGKILL)
        try #require(await eventually { !first.process.isRunning }, "still running after SIGKILL")
        #expect(FileManager.default.fileExists(atPath: socket), "a killed host leaves its socket")

        let opened = try await first.opener().run(["open", Self.url], timeout: Patience.childProcessSeconds)

        #expect(opened.status == 0, "\(opened)")
        #expect(!opened.stdout.contains("running strata-host"), "the headless run's own output (the id): \(opened)")
        #expect(try await Self.reports(first.home).count == 1)

        let second = try await Self.startHost(home: first.home, runtime: first.runtime)
        defer { second.stop() }
        #expect(second.log.snapshot().contains("handoff: removed a stale socket"), "\(second.log.snapshot())")
        let handed = try await second.opener().run(["open", Self.url])
        #expect(handed.stdout.contains("in the running strata-host (pid \(second.pid))"), "\(handed)")
    }

    /// A stopped host (Ctrl-Z, SIGSTOP) still has its connections queued by the kernel, but
    /// never greets: the opener gives up after 2 s without having sent the URL, and runs it
    /// itself. Resumed, the host finds the opener gone and opens nothing: no report twice.
    @Test("a stopped host never greets: open runs the URL itself after ~2 s, and the resumed host does not open it again")
    func stoppedHostTimesOut() async throws {
        let host = try await Self.startHost()
        defer { host.stop() }
        kill(host.pid, SIGSTOP)
        let started = ContinuousClock.now

        let opened = try await host.opener().run(["open", Self.url])

        let took = ContinuousClock.now - started
        #expect(opened.status == 0 && !opened.stdout.contains("running strata-host"), "ran here: \(opened)")
        // The lower bound proves the 2 s greeting timeout was waited. The upper one only tells
        // "gave up" from "hung until killed" (a hang also fails the status above), so it is a
        // loaded-safe multiple of the 2 s, not a measure of speed.
        #expect(took >= .seconds(2) && took < .seconds(30), "gave up after \(took)")
        kill(host.pid, SIGCONT)
        let again = try await host.opener().run(["open", "strata://reports/new?patientName=Jiro&age=9"])
        #expect(again.stdout.contains("in the running strata-host (pid \(host.pid))"), "\(again)")
        let names = try await Self.reports(host.home).compactMap { $0["patientName"] as? String }.sorted()
        #expect(names == ["Hanako Sato", "Jiro"], "the first URL was opened once, by the opener")
    }

    @Test("a second interactive host on the same container says it takes no URLs; open keeps going to the first")
    func secondHostTakesNoURLs() async throws {
        let first = try await Self.startHost()
        defer { first.stop() }
        let second = try await Self.startHost(home: first.home, runtime: first.runtime, listening: false)
        defer { second.stop() }
        #expect(
            await eventually {
                second.log.snapshot().contains("another strata-host (pid \(first.pid)) takes strata:// URLs")
            }, "\(second.log.snapshot())")
        #expect(second.log.snapshot().contains("this strata-host takes no strata:// URLs"))

        let opened = try await first.opener().run(["open", Self.url])
        #expect(opened.stdout.contains("(pid \(first.pid))"), "\(opened)")
        #expect(await eventually { first.tty.screen.contains("Added case report") }, "\(first.tty.screen)")
    }

    @Test("hostile clients: silence, 9 KB without a line end, garbage, a bad URL are each refused; the host keeps serving")
    func hostileClientsAreRefused() async throws {
        let host = try await Self.startHost()
        defer { host.stop() }
        let socket = try #require(Self.socketPath(in: host.runtime))

        // A peer that connects and says nothing holds no one up: a real open goes through meanwhile.
        let silent = try HandoffPeer.connect(socket)
        defer { close(silent) }
        let opened = try await host.opener().run(["open", Self.url])
        #expect(opened.status == 0 && opened.stdout.contains("running strata-host"), "\(opened)")
        let silence = try await offThePool { HandoffPeer.readUntilClosed(silent) }
        #expect(silence == "strata-host handoff 1\nrefused no whole request within 2 s\n", "\(silence)")

        let requests: [(bytes: [UInt8], reply: String)] = [
            (Array(repeating: UInt8(ascii: "a"), count: 9000), "refused the request is longer than 8192 bytes\n"),
            (Array("hello\n".utf8), "refused expected 'open <strata:// URL>', got 'hello'\n"),
            ([0, 1, 2, 0xff, 0xfe, 10], "refused expected 'open <strata:// URL>'"),
            (Array("open strata://reports/new?age=1&age=2\n".utf8), "parameter 'age' is given twice"),
            (Array("open strata://nosuchroute\n".utf8), "refused no micro-app handles strata://nosuchroute\n"),
            (Array("open https://example.com/\n".utf8), "not a strata:// URL"),
        ]
        for (bytes, reply) in requests {
            let answer = try await offThePool {
                let client = try HandoffPeer.connect(socket)
                defer { close(client) }
                HandoffPeer.send(client, bytes)
                return HandoffPeer.readUntilClosed(client)
            }
            #expect(answer.hasPrefix("strata-host handoff 1\nrefused "), "\(answer)")
            #expect(answer.contains(reply), "\(answer)")
        }
        #expect(host.process.isRunning)
        let again = try await host.opener().run(["open", "strata://reports/new?patientName=Jiro&age=9"])
        #expect(again.status == 0 && again.stdout.contains("running strata-host"), "\(again)")
        #expect(try await Self.reports(host.home).count == 2, "only the two real opens added reports")
    }

    @Test("four silent peers fill the host's slots: a fifth opener is closed at once and runs the URL itself")
    func busyHostClosesTheFifth() async throws {
        let host = try await Self.startHost()
        defer { host.stop() }
        let socket = try #require(Self.socketPath(in: host.runtime))
        var silent: [Int32] = []
        defer { silent.forEach { close($0) } }
        for _ in 0..<4 {
            let peer = try HandoffPeer.connect(socket)
            silent.append(peer)
            // Served (greeted) before the next one connects, so each holds a slot.
            let greeting = try await offThePool { HandoffPeer.readLine(peer) }
            #expect(greeting == "strata-host handoff 1", "\(greeting)")
        }

        let opened = try await host.opener().run(["open", Self.url])

        #expect(opened.status == 0 && !opened.stdout.contains("running strata-host"), "ran here: \(opened)")
        #expect(await eventually { host.log.snapshot().contains("handoff: busy") }, "\(host.log.snapshot())")
        // The silent peers are refused after 2 s and free their slots: URLs are handed over again.
        #expect(
            await eventually {
                let again = try await host.opener().run(["open", "strata://reports/new?patientName=Jiro&age=9"])
                return again.stdout.contains("running strata-host")
            })
    }

    @Test("a symbolic link planted at the socket path is never followed or removed: the host says so, open runs here")
    func plantedSymlinkIsNeverFollowed() async throws {
        let base = TemporaryRoot.directory("hl")
        let home = base.appendingPathComponent("home", isDirectory: true)
        let runtime = base.appendingPathComponent("r", isDirectory: true)
        try FileManager.default.createDirectory(
            at: runtime.appendingPathComponent("strata"), withIntermediateDirectories: true,
            attributes: [.posixPermissions: 0o700])
        // Start once to learn the socket's name, then plant a link to a decoy listener there.
        let probe = try await Self.startHost(home: home, runtime: runtime)
        let socket = try #require(Self.socketPath(in: runtime))
        kill(probe.pid, SIGTERM)
        try #require(await eventually { !probe.process.isRunning }, "still running after SIGTERM")
        let decoyPath = base.appendingPathComponent("decoy.sock").path
        let decoy = try HandoffPeer.listen(decoyPath)
        defer { close(decoy) }
        try FileManager.default.createSymbolicLink(atPath: socket, withDestinationPath: decoyPath)

        let host = try await Self.startHost(home: home, runtime: runtime, listening: false)
        defer { host.stop() }
        #expect(
            await eventually { host.log.snapshot().contains("\(socket) is a symbolic link, not strata-host's socket") },
            "\(host.log.snapshot())")
        let opened = try await host.opener().run(["open", Self.url])

        #expect(opened.status == 0 && !opened.stdout.contains("running strata-host"), "ran here: \(opened)")
        #expect(!HandoffPeer.hasPendingConnection(decoy), "the link was followed to the decoy")
        let link = try FileManager.default.destinationOfSymbolicLink(atPath: socket)
        #expect(link == decoyPath, "the link is left as it was")
    }

    @Test("socket paths too long for sun_path: a long XDG_RUNTIME_DIR falls back to the container; both long, open runs here")
    func socketPathTooLong() async throws {
        let base = TemporaryRoot.directory("handoff-long")
        let long = base.appendingPathComponent(String(repeating: "r", count: 60)).appendingPathComponent(
            String(repeating: "s", count: 60), isDirectory: true)
        let fallback = try await Self.startHost(home: base.appendingPathComponent("home"), runtime: long)
        let inContainer = fallback.home.appendingPathComponent("host.sock").path
        #expect(FileManager.default.fileExists(atPath: inContainer), "\(fallback.log.snapshot())")
        let handed = try await fallback.opener().run(["open", Self.url])
        #expect(handed.stdout.contains("in the running strata-host (pid \(fallback.pid))"), "\(handed)")
        fallback.stop()
        try #require(await eventually { !fallback.process.isRunning }, "still running after SIGKILL")

        let longHome = long.appendingPathComponent("home", isDirectory: true)
        let none = try await Self.startHost(home: longHome, runtime: long, listening: false)
        defer { none.stop() }
        #expect(
            await eventually { none.log.snapshot().contains("every socket path is longer than 107 bytes") },
            "\(none.log.snapshot())")
        let opened = try await none.opener().run(["open", Self.url])
        #expect(opened.status == 0 && !opened.stdout.contains("running strata-host"), "ran here: \(opened)")
    }
}
