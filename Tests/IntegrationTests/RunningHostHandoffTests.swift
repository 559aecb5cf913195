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
}
