import Foundation
import StrataTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `strata-host open URL` (and so `xdg-open strata://…`) with an interactive `strata-host`
/// running on the same container: the URL is handed to it over its Unix socket and its screen
/// shows the micro-app; with none (or a dead one's stale socket) the URL runs headless as
/// before. Real binaries: the interactive host in a pseudo-terminal, the opener as a second
/// process.
@Suite("strata:// URLs into a running strata-host", .childProcessSlot, .serialized)
struct RunningHostHandoffTests {
    static let url = "strata://reports/new?patientName=Hanako%20Sato&age=42&gender=female&memo=handed%20over"

    /// A running interactive host on a fresh container, with `XDG_RUNTIME_DIR` at a fresh 0700 folder.
    struct Host {
        let home: URL
        let runtime: URL
        let tty: PseudoTerminal
        let process: Process
        let log: StrataProcess.Collector
        var environment: [String: String] { ["XDG_RUNTIME_DIR": runtime.path] }

        var pid: Int32 { process.processIdentifier }

        /// The opener: `strata-host` with the same container and runtime folder.
        func opener() -> StrataProcess {
            StrataProcess("strata-host", home: home, extraEnvironment: environment)
        }

        func stop() {
            if process.isRunning { kill(pid, SIGKILL) }
        }
    }

    /// Starts the interactive host and waits for its Launcher (and, when `listening`, its socket).
    static func startHost(
        home: URL? = nil, runtime: URL? = nil, listening: Bool = true
    ) async throws -> Host {
        let base = TemporaryRoot.directory("ho")
        let runtime = runtime ?? base.appendingPathComponent("r", isDirectory: true)
        try FileManager.default.createDirectory(
            at: runtime, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let home = home ?? base.appendingPathComponent("home", isDirectory: true)
        let tty = try PseudoTerminal()
        let (process, log) = try tty.startHost(
            home: home, environment: ["XDG_RUNTIME_DIR": runtime.path, "STRATA_LOG_LEVEL": "info"])
        let host = Host(home: home, runtime: runtime, tty: tty, process: process, log: log)
        guard await eventually({ tty.screen.contains("— home") }) else {
            host.stop()
            throw HandoffPeer.Failure(description: "no Launcher:\n\(tty.screen)\n\(log.snapshot())")
        }
        if listening {
            guard await eventually({ log.snapshot().contains("handoff: listening") }) else {
                host.stop()
                throw HandoffPeer.Failure(description: "the host does not listen:\n\(log.snapshot())")
            }
        }
        return host
    }

    /// The socket in the runtime folder (`strata/host-<hash>.sock`), if any.
    static func socketPath(in runtime: URL) -> String? {
        let folder = runtime.appendingPathComponent("strata")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.first { $0.hasPrefix("host-") && $0.hasSuffix(".sock") }.map { folder.appendingPathComponent($0).path }
    }

    static func reports(_ home: URL) async throws -> [[String: Any]] {
        let listed = try await StrataProcess("strata-host", home: home).run(["reports", "list", "--json"])
        #expect(listed.status == 0, "\(listed)")
        return (try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]]) ?? []
    }

    static func mode(_ path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path)[.posixPermissions]) as? Int) ?? -1
    }

    @Test("open hands the URL to the running host: one line names its pid, its screen shows the report, the store has it")
    func handsOverToTheRunningHost() async throws {
        let host = try await Self.startHost()
        defer { host.stop() }
        let socket = try #require(Self.socketPath(in: host.runtime), "no socket under \(host.runtime.path)")
        #expect(Self.mode(socket) == 0o600, "the socket is owner-only")
        #expect(Self.mode(host.runtime.appendingPathComponent("strata").path) == 0o700, "its folder is owner-only")

        let opened = try await host.opener().run(["open", Self.url])

        #expect(opened.status == 0, "\(opened)")
        #expect(
            opened.stdout == "Opened \(Self.url) in the running strata-host (pid \(host.pid)).\n", "\(opened)")
        #expect(opened.stderr.isEmpty, "\(opened)")
        #expect(
            await eventually { host.tty.screen.contains("Added case report") && host.tty.screen.contains("Hanako Sato") },
            "the running host's screen:\n\(host.tty.screen)")
        let reports = try await Self.reports(host.home)
        #expect(reports.count == 1)
        #expect(reports.first?["memo"] as? String == "handed over")

        // A bad URL is refused exactly as without a host (usage, 64), and nothing is handed over.
        let refused = try await host.opener().run(["open", "strata://reports/new?age=1&age=2"])
        #expect(refused.status == 64, "\(refused)")
        #expect(refused.stderr.contains("parameter 'age' is given twice"), "\(refused)")
        // --headless runs it here even though a host runs: the micro-app's own output.
        let headless = try await host.opener().run(["open", "--headless", "strata://reports/new?patientName=Taro&age=7"])
        #expect(headless.status == 0 && !headless.stdout.contains("running strata-host"), "\(headless)")
        #expect(try await Self.reports(host.home).count == 2)

        kill(host.pid, SIGTERM)
        try #require(await eventually { !host.process.isRunning }, "still running after SIGTERM")
        host.process.waitUntilExit()
        #expect(!FileManager.default.fileExists(atPath: socket), "the host removes its socket when it ends")
    }

    @Test(
        "a URL the running host refuses (age 999, an unknown id, an unknown parameter) is exit 1 with its reason, as the same URL run one-shot; the host's screen says it too")
    func refusalComesBack() async throws {
        let host = try await Self.startHost()
        defer { host.stop() }
        let refused = [
            ("strata://reports/new?patientName=Old&age=999", "age"),
            ("strata://reports/no-such-report", "no-such-report"),
            ("strata://reports?bogus=1", "unknown parameter 'bogus'"),
        ]
        for (url, reason) in refused {
            let handed = try await host.opener().run(["open", url])
            let oneShot = try await host.opener().run(["open", "--headless", url])

            #expect(handed.status == 1, "\(url): \(handed)")
            #expect(handed.stdout.isEmpty, "\(url): \(handed)")
            #expect(handed.stderrLines.count == 1, "\(url): \(handed)")
            #expect(
                handed.stderr.hasPrefix("strata-host: the running strata-host (pid \(host.pid)) refused \(url): "),
                "\(url): \(handed)")
            #expect(handed.stderr.contains(reason), "\(url): \(handed)")
            #expect(oneShot.status == 1 && oneShot.stderr.contains(reason), "\(url): \(oneShot)")
            // The reason is the one the one-shot prints.
            let oneShotReason = oneShot.stderr.dropFirst("strata-host: ".count).trimmingCharacters(in: .newlines)
            #expect(handed.stderr.contains(oneShotReason), "\(url): \(handed) vs \(oneShot)")
        }
        #expect(
            await eventually { host.tty.screen.contains("unknown parameter 'bogus'") }, "the screen:\n\(host.tty.screen)")
        #expect(try await Self.reports(host.home).isEmpty, "nothing was added")
    }

    @Test(
        "strata://reports/<id>/delete from a link: the running host asks on its screen and deletes only on yes; one-shot it is refused, naming the app and the typed command, which still deletes")
    func deleteFromALinkAsksFirst() async throws {
        let host = try await Self.startHost()
        defer { host.stop() }
        let added = try await host.opener().run(["reports", "add", "--patient-name", "Kept Sato", "--age", "50"])
        let id = added.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        try #require(added.status == 0 && !id.isEmpty, "\(added)")
        let url = "strata://reports/\(id)/delete"

        // Into the running host: a confirmation screen, nothing deleted yet.
        let handed = try await host.opener().run(["open", url])
        #expect(handed.status == 0, "\(handed)")
        #expect(
            await eventually { host.tty.screen.contains("Delete case report \(id)") }, "the screen:\n\(host.tty.screen)")
        #expect(try await Self.reports(host.home).count == 1, "deleted before anyone confirmed")
        host.tty.type("no")
        #expect(await eventually { host.tty.screen.contains("Kept case report \(id)") }, "\(host.tty.screen)")
        #expect(try await Self.reports(host.home).count == 1)

        // One-shot (--headless, --json, or no host answering): refused, nothing deleted.
        let expected =
            "strata-host: strata://reports/\(id)/delete deletes case report \(id) and its follow-ups, which a link may "
            + "not do without asking: open it while strata-host runs and confirm there, or type strata-host reports delete \(id)\n"
        for arguments in [["open", "--headless", url], ["open", "--json", url]] {
            let oneShot = try await host.opener().run(arguments)
            #expect(oneShot.status == 1, "\(arguments): \(oneShot)")
            #expect(oneShot.stderr == expected, "\(arguments): \(oneShot)")
            #expect(oneShot.stdout.isEmpty, "\(arguments): \(oneShot)")
        }
        kill(host.pid, SIGTERM)
        try #require(await eventually { !host.process.isRunning }, "still running after SIGTERM")
        let noHost = try await host.opener().run(["open", url])
        #expect(noHost.status == 1 && noHost.stderr == expected, "\(noHost)")
        #expect(try await Self.reports(host.home).count == 1, "a link deleted the report")

        let typed = try await host.opener().run(["reports", "delete", id])
        #expect(typed.status == 0 && typed.stdout.contains("Deleted case report \(id)"), "\(typed)")
        #expect(try await Self.reports(host.home).isEmpty)
    }

    @Test(
        "strata://reports/<id>/edit?… from a link: the running host shows old → new per field and saves only on yes; no keeps the report; one-shot it is refused; reports update still saves")
    func editFromALinkAsksFirst() async throws {
        let host = try await Self.startHost()
        defer { host.stop() }
        let added = try await host.opener().run(
            ["reports", "add", "--patient-name", "Kept Sato", "--age", "50", "--memo", "written by hand"])
        let id = added.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        try #require(added.status == 0 && !id.isEmpty, "\(added)")
        func current() async throws -> (String?, String?) {
            let report = try await Self.reports(host.home).first
            return (report?["patientName"] as? String, report?["memo"] as? String)
        }
        let url = "strata://reports/\(id)/edit?patientName=Pwned&memo=tampered"

        // Into the running host: a confirmation screen with the changes, nothing saved yet.
        let handed = try await host.opener().run(["open", url])
        #expect(handed.status == 0, "\(handed)")
        #expect(
            await eventually { host.tty.screen.contains("Save these changes to case report \(id) (Kept Sato)?") },
            "the screen:\n\(host.tty.screen)")
        #expect(host.tty.screen.contains("patient: Kept Sato → Pwned"), "\(host.tty.screen)")
        #expect(host.tty.screen.contains("memo: written by hand → tampered"), "\(host.tty.screen)")
        #expect(try await current() == ("Kept Sato", "written by hand"), "saved before anyone confirmed")
        host.tty.type("no")
        #expect(await eventually { host.tty.screen.contains("Kept case report \(id) as it was.") }, "\(host.tty.screen)")
        #expect(try await current() == ("Kept Sato", "written by hand"))

        // An empty memo is shown as such, and saved on yes.
        let erase = try await host.opener().run(["open", "strata://reports/\(id)/edit?memo="])
        #expect(erase.status == 0, "\(erase)")
        #expect(
            await eventually { host.tty.screen.contains("memo: written by hand → (empty)") }, "\(host.tty.screen)")
        host.tty.type("yes")
        #expect(await eventually { host.tty.screen.contains("Saved case report \(id)") }, "\(host.tty.screen)")
        #expect(try await current() == ("Kept Sato", ""))

        // One-shot (--headless, --json, or no host answering): refused, nothing saved.
        let expected =
            "strata-host: strata://reports/\(id)/edit overwrites case report \(id), which a link may not do without "
            + "asking: open it while strata-host runs and confirm there, or type strata-host reports update \(id) --memo …\n"
        for arguments in [["open", "--headless", url], ["open", "--json", url]] {
            let oneShot = try await host.opener().run(arguments)
            #expect(oneShot.status == 1 && oneShot.stderr == expected && oneShot.stdout.isEmpty, "\(arguments): \(oneShot)")
        }
        kill(host.pid, SIGTERM)
        try #require(await eventually { !host.process.isRunning }, "still running after SIGTERM")
        let noHost = try await host.opener().run(["open", url])
        #expect(noHost.status == 1 && noHost.stderr == expected, "\(noHost)")
        #expect(try await current() == ("Kept Sato", ""), "a link overwrote the report")

        let typed = try await host.opener().run(["reports", "update", id, "--memo", "typed"])
        #expect(typed.status == 0, "\(typed)")
        #expect(try await current() == ("Kept Sato", "typed"))
    }

    @Test("under LANG=ja_JP.UTF-8 the handover line is Japanese; a loose strata folder of the user's is made 0700")
    func handoverLineIsJapanese() async throws {
        let runtime = TemporaryRoot.directory("ho").appendingPathComponent("r", isDirectory: true)
        let folder = runtime.appendingPathComponent("strata")
        try FileManager.default.createDirectory(
            at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
        #expect(Self.mode(folder.path) == 0o755)
        let host = try await Self.startHost(runtime: runtime)
        defer { host.stop() }
        #expect(Self.mode(folder.path) == 0o700, "the socket's folder is owner-only")
        var environment = host.environment
        environment["LANG"] = "ja_JP.UTF-8"
        let opened = try await StrataProcess("strata-host", home: host.home, extraEnvironment: environment)
            .run(["open", Self.url])
        #expect(opened.status == 0, "\(opened)")
        #expect(opened.stdout.contains("実行中の strata-host (pid \(host.pid)) で"), "\(opened)")
    }

    /// DesktopEntryTests' technique (throwaway XDG folders, the entry as the scheme's default,
    /// a stub terminal emulator that runs its -e command), with a host already running.
    @Test("xdg-open 'strata://reports/new?…' reaches the running host through strata-host.desktop")
    func xdgOpenReachesTheRunningHost() async throws {
        let xdgOpen = try SystemTool.path("xdg-open", package: "xdg-utils")
        let xdgMime = try SystemTool.path("xdg-mime", package: "xdg-utils")
        let setsid = try SystemTool.path("setsid", package: "util-linux")
        let host = try await Self.startHost()
        defer { host.stop() }
        let root = TemporaryRoot.directory("xdg-handoff")
        let applications = root.appendingPathComponent("data/applications", isDirectory: true)
        let stubs = root.appendingPathComponent("bin", isDirectory: true)
        for folder in [applications, stubs, root.appendingPathComponent("config"), root.appendingPathComponent("home"),
            root.appendingPathComponent("system")]
        {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        try FileManager.default.copyItem(
            at: DesktopEntryTests.entry, to: applications.appendingPathComponent("strata-host.desktop"))
        try StubTerminal.install(in: stubs)
        let environment = [
            "PATH": "\(stubs.path):\(StrataProcess.productsDirectory.path):/usr/bin:/bin",
            "HOME": root.appendingPathComponent("home").path,
            "XDG_DATA_HOME": root.appendingPathComponent("data").path,
            "XDG_CONFIG_HOME": root.appendingPathComponent("config").path,
            "XDG_DATA_DIRS": root.appendingPathComponent("system").path,
            "XDG_RUNTIME_DIR": host.runtime.path,
            "WAYLAND_DISPLAY": "wayland-strata-test",
            "DBUS_SESSION_BUS_ADDRESS": "unix:path=\(root.path)/no-bus",
            "BROWSER": "/bin/false",
            "STRATA_HOME": host.home.path,
            "TZ": "UTC",
            "LANG": "C.UTF-8",
        ]
        let registered = try await SystemTool.run(
            xdgMime, ["default", "strata-host.desktop", "x-scheme-handler/strata"], environment: environment)
        #expect(registered.status == 0, "\(registered)")

        let opened = try await SystemTool.run(setsid, ["--wait", xdgOpen, Self.url], environment: environment)

        #expect(opened.status == 0, "\(opened)")
        #expect(opened.stdout.contains("in the running strata-host (pid \(host.pid))"), "\(opened)")
        #expect(
            await eventually { host.tty.screen.contains("Added case report") && host.tty.screen.contains("Hanako Sato") },
            "the running host's screen:\n\(host.tty.screen)")
        #expect(try await Self.reports(host.home).first?["patientName"] as? String == "Hanako Sato")
    }

    @Test("a killed host's stale socket: open runs the URL itself; the next host removes it and takes URLs again")
    func staleSocketFallsBackToHeadless() async throws {
        let first = try await Self.startHost()
        let socket = try #require(Self.socketPath(in: first.runtime))
        kill(first.pid, SIGKILL)
        first.process.waitUntilExit()
        #expect(FileManager.default.fileExists(atPath: socket), "a killed host leaves its socket")

        let opened = try await first.opener().run(["open", Self.url], timeout: 20)

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
        #expect(took >= .seconds(2) && took < .seconds(10), "gave up after \(took)")
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
        probe.process.waitUntilExit()
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
        fallback.process.waitUntilExit()

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
