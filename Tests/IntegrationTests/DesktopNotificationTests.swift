import Foundation
import StrataTestSupport
import Testing

/// strata-notifyd on a real Linux desktop: the built binary shows each notification through
/// the freedesktop Notifications API on a real session bus (`dbus-daemon`), to Debian's `dunst`
/// drawing on `Xvfb` (``TestDesktop``); `dunstctl` plays the user — reads the history, invokes
/// the **Open** action, dismisses — and the real `xdg-open` routes the action's `strata://` URL
/// to strata-host through deploy/desktop/strata-host.desktop (as in `DesktopEntryTests`: a
/// throwaway `XDG_DATA_HOME`/`XDG_CONFIG_HOME`, and a stub `x-terminal-emulator` that runs its
/// `-e` command). A screenshot of the notification on screen is kept as a test artifact.
@Suite("strata-notifyd shows notifications on a freedesktop notification server", .childProcessSlot, .serialized)
struct DesktopNotificationTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    /// Where the screenshot is kept.
    static let screenshot = repository.appendingPathComponent(".build/artifacts/desktop-notifications/notification.png")

    @Test(
        "dunst shows it (history: app, summary, escaped body), Open runs xdg-open → strata-host, which marks it read, and closes it; screenshot saved"
    )
    func shownOpenedAndRead() async throws {
        let root = TemporaryRoot.directory("desktop")
        defer { try? FileManager.default.removeItem(at: root) }
        try await TestDesktop.with(root: root) { desktop in
            let opener = try OpenerSetup(desktop: desktop)
            let home = root.appendingPathComponent("strata", isDirectory: true)
            let host = StrataProcess("strata-host", home: home, extraEnvironment: ["PATH": opener.path])
            let added = try await host.run(["reports", "add", "--patient-name", "Hanako Sato", "--age", "42"])
            let report = try #require(
                added.stdout.split(separator: "\n").last.map { String($0).trimmingCharacters(in: .whitespaces) },
                "\(added)")
            let daemon = try startDaemon(home: home, desktop: desktop, path: opener.path, extra: opener.environment)
            try await withCleanUp(of: daemon, by: { await Self.stop($0) }) { daemon in
                try Inbox(home: home).drop(
                    "n-1.json",
                    #"{"id": "n-1", "kind": "message", "reportId": "\#(report)", "title": "Lab result <b>ready</b>", "body": "Potassium & <i>sodium</i> in range\nsee the report"}"#
                )
                let shown = await eventually(within: Patience.childProcess, every: .milliseconds(100)) {
                    try await desktop.displayedCount() == 1
                }
                #expect(shown, "daemon: \(daemon.stdout.snapshot()) \(daemon.stderr.snapshot())")
                #expect(daemon.stdout.snapshot().contains("recorded n-1 message"), "\(daemon.stdout.snapshot())")

                // (c) The notification on screen, kept as an artifact.
                try? FileManager.default.removeItem(at: Self.screenshot)
                let shot = try await desktop.screenshot(to: Self.screenshot)
                #expect(shot.status == 0, "\(shot)")
                try Self.expectPicture(at: Self.screenshot)

                // (b) Open: dunst sends ActionInvoked; the daemon runs xdg-open on the URL, which
                // reaches strata-host, which marks the notification read.
                let action = try await desktop.dunstctl(["action", "0"])
                #expect(action.status == 0, "\(action)")
                let read = await eventually(within: Patience.childProcess, every: .milliseconds(200)) {
                    try await Self.isRead("n-1", host: host)
                }
                #expect(read, "terminal: \(opener.terminalLog()); daemon: \(daemon.stderr.snapshot())")
                #expect(
                    opener.terminalLog()
                        == "-e \(StrataProcess.executable("strata-host").path) open --stay strata://notifications/n-1/open?action=default\n",
                    "xdg-open ran strata-host.desktop's command: \(opener.terminalLog())")

                // (a) The daemon closed it once Open was invoked: it is in dunst's history as the daemon sent it.
                let closed = await eventually(within: Patience.childProcess, every: .milliseconds(100)) {
                    try await desktop.displayedCount() == 0
                }
                #expect(closed, "daemon: \(daemon.stderr.snapshot())")
                let history = try await Self.history(desktop)
                let entry = try #require(history.first { $0["summary"] == "Lab result <b>ready</b>" }, "\(history)")
                #expect(entry["appname"] == "Strata", "\(entry)")
                #expect(
                    entry["body"] == "Potassium &amp; &lt;i&gt;sodium&lt;/i&gt; in range\nsee the report",
                    "the body's markup characters are escaped: \(entry)")
                #expect(entry["default_action_name"] == "default", "\(entry)")
            }
        }
    }

    @Test(
        "dismissing the notification (NotificationClosed, reason 2) marks it read in the store; nothing is opened; forged signals change nothing"
    )
    func dismissedMarksRead() async throws {
        let root = TemporaryRoot.directory("desktop")
        defer { try? FileManager.default.removeItem(at: root) }
        try await TestDesktop.with(root: root) { desktop in
            let opener = try OpenerSetup(desktop: desktop)
            let home = root.appendingPathComponent("strata", isDirectory: true)
            let host = StrataProcess("strata-host", home: home)
            let daemon = try startDaemon(home: home, desktop: desktop, path: opener.path, extra: opener.environment)
            try await withCleanUp(of: daemon, by: { await Self.stop($0) }) { daemon in
                try Inbox(home: home).drop("n-2.json", #"{"id": "n-2", "kind": "message", "title": "Dismiss me"}"#)
                let shown = await eventually(within: Patience.childProcess, every: .milliseconds(100)) {
                    try await desktop.displayedCount() == 1
                }
                #expect(shown, "daemon: \(daemon.stderr.snapshot())")
                #expect(try await !Self.isRead("n-2", host: host))

                // Another client on the bus forging the server's signals (and odd ones) changes nothing.
                let send = try SystemTool.path("dbus-send", package: "dbus-bin")
                for arguments in (1...4).flatMap({ id in
                    [
                        ["ActionInvoked", "uint32:\(id)", "string:default"], ["NotificationClosed", "uint32:\(id)", "uint32:2"],
                        ["ActionInvoked", "string:\(id)"], ["NotificationClosed"],
                    ]
                }) {
                    let forged = try await SystemTool.run(
                        send,
                        ["--session", "--type=signal", "/org/freedesktop/Notifications",
                            "org.freedesktop.Notifications.\(arguments[0])"] + arguments.dropFirst(),
                        environment: desktop.environment)
                    #expect(forged.status == 0, "\(forged)")
                }
                // A pass of the daemon's loop later, still unread and nothing opened.
                try Inbox(home: home).drop("n-5.json", #"{"id": "n-5", "kind": "message", "title": "Later"}"#)
                #expect(await eventually(within: Patience.childProcess) { daemon.stdout.snapshot().contains("recorded n-5") })
                #expect(try await !Self.isRead("n-2", host: host))
                #expect(opener.terminalLog().isEmpty, "\(opener.terminalLog())")
                #expect(await eventually(within: Patience.childProcess, every: .milliseconds(100)) {
                    try await desktop.displayedCount() == 2
                })

                let closed = try await desktop.dunstctl(["close"])  // the newest, n-5
                #expect(closed.status == 0, "\(closed)")
                let closedToo = try await desktop.dunstctl(["close"])  // then n-2
                #expect(closedToo.status == 0, "\(closedToo)")

                let read = await eventually(within: Patience.childProcess, every: .milliseconds(100)) {
                    try await Self.isRead("n-2", host: host)
                }
                #expect(read, "daemon: \(daemon.stderr.snapshot())")
                #expect(opener.terminalLog().isEmpty, "a dismissal opens nothing: \(opener.terminalLog())")
            }
        }
    }

    @Test("Open without xdg-open on PATH: one line on standard error says so; the notification stays unread")
    func openWithoutXdgOpen() async throws {
        let root = TemporaryRoot.directory("desktop")
        defer { try? FileManager.default.removeItem(at: root) }
        try await TestDesktop.with(root: root) { desktop in
            let home = root.appendingPathComponent("strata", isDirectory: true)
            let host = StrataProcess("strata-host", home: home)
            let empty = root.appendingPathComponent("empty-bin", isDirectory: true)
            try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
            let daemon = try startDaemon(home: home, desktop: desktop, path: empty.path, extra: [:])
            try await withCleanUp(of: daemon, by: { await Self.stop($0) }) { daemon in
                try Inbox(home: home).drop("n-4.json", #"{"id": "n-4", "kind": "message", "title": "No opener"}"#)
                let shown = await eventually(within: Patience.childProcess, every: .milliseconds(100)) {
                    try await desktop.displayedCount() == 1
                }
                #expect(shown, "daemon: \(daemon.stderr.snapshot())")

                let action = try await desktop.dunstctl(["action", "0"])

                #expect(action.status == 0, "\(action)")
                let said = await eventually(within: Patience.childProcess) {
                    daemon.stderr.snapshot().contains(
                        "strata-notifyd: cannot open strata://notifications/n-4/read?action=default: xdg-open is not on PATH (install xdg-utils)")
                }
                #expect(said, "\(daemon.stderr.snapshot())")
                #expect(try await !Self.isRead("n-4", host: host))
            }
        }
    }

    @Test("a session bus without a notification server: lines only, and one line says why (auto); --desktop dbus fails")
    func busWithoutServer() async throws {
        let root = TemporaryRoot.directory("desktop")
        defer { try? FileManager.default.removeItem(at: root) }
        try await TestDesktop.with(root: root, notificationServer: false) { desktop in
            let home = root.appendingPathComponent("strata", isDirectory: true)
            try Inbox(home: home).drop("n-3.json", #"{"id": "n-3", "kind": "message", "title": "Hi"}"#)
            let daemon = StrataProcess("strata-notifyd", home: home, extraEnvironment: desktop.environment)

            let outcome = try await daemon.run(["--once"])

            #expect(outcome.status == 0, "\(outcome)")
            #expect(outcome.stdout == "recorded n-3 message: Hi\n", "\(outcome)")
            #expect(outcome.stderrLines.count == 1, "\(outcome)")
            #expect(
                outcome.stderr.hasPrefix(
                    "strata-notifyd: desktop notifications are off: no notification server answers on the session bus ("),
                "\(outcome)")
            #expect(outcome.stderr.contains("org.freedesktop.Notifications"), "\(outcome)")

            let required = try await daemon.run(["--once", "--desktop", "dbus"])
            #expect(required.status == 1, "\(required)")
            #expect(required.stderr.contains("--desktop dbus: no notification server answers"), "\(required)")
        }
    }

    @Test(
        "no session bus: each notification is still a line, and one line (once) says why, in the run's language",
        arguments: [
            ("C.UTF-8", "strata-notifyd: desktop notifications are off: no session bus (DBUS_SESSION_BUS_ADDRESS is not set and there is no $XDG_RUNTIME_DIR/bus); each notification is printed on standard output only"),
            ("ja_JP.UTF-8", "strata-notifyd: デスクトップ通知は無効です: セッションバスがありません（DBUS_SESSION_BUS_ADDRESS が未設定で、$XDG_RUNTIME_DIR/bus もありません）。通知は標準出力にのみ表示します"),
        ])
    func noSessionBus(language: String, why: String) async throws {
        let home = temporaryHome()
        defer { try? FileManager.default.removeItem(at: home.deletingLastPathComponent()) }
        let inbox = Inbox(home: home)
        let running = try StrataProcess("strata-notifyd", home: home, extraEnvironment: ["LANG": language])
            .start(["--poll-interval", "0.05"])
        try await withCleanUp(of: running, by: { await Self.stop($0) }) { running in
            try inbox.drop("n-1.json", #"{"id": "n-1", "kind": "message", "title": "One"}"#)
            #expect(await eventually { running.stdout.snapshot().contains("n-1 message: One") }, "\(running.stdout.snapshot())")
            try inbox.drop("n-2.json", #"{"id": "n-2", "kind": "message", "title": "Two"}"#)
            #expect(await eventually { running.stdout.snapshot().contains("n-2 message: Two") }, "\(running.stdout.snapshot())")
        }
        let outcome = await running.finish()
        let said = outcome.stderrLines.filter { $0.contains("strata-notifyd: ") && !$0.contains(" info ") }
        #expect(said == [Substring(why)], "\(outcome)")
    }

    @Test("a session bus that cannot be reached: lines only, one line naming the address and the error")
    func unreachableBus() async throws {
        let home = temporaryHome()
        defer { try? FileManager.default.removeItem(at: home.deletingLastPathComponent()) }
        let address = "unix:path=\(home.deletingLastPathComponent().path)/no-bus"
        try Inbox(home: home).drop("n-1.json", #"{"id": "n-1", "kind": "message", "title": "One"}"#)

        let outcome = try await StrataProcess(
            "strata-notifyd", home: home, extraEnvironment: ["DBUS_SESSION_BUS_ADDRESS": address]
        ).run(["--once"])

        #expect(outcome.status == 0, "\(outcome)")
        #expect(outcome.stdout == "recorded n-1 message: One\n", "\(outcome)")
        #expect(
            outcome.stderr == "strata-notifyd: desktop notifications are off: cannot connect to the session bus at "
                + "\(address): No such file or directory; each notification is printed on standard output only\n",
            "\(outcome)")
        let off = try await StrataProcess(
            "strata-notifyd", home: home, extraEnvironment: ["DBUS_SESSION_BUS_ADDRESS": address]
        ).run(["--once", "--desktop", "off"])
        #expect(off.status == 0 && off.stderr.isEmpty, "--desktop off never looks at the bus: \(off)")
    }

    /// Starts strata-notifyd on `desktop`'s bus, `PATH` = `path` (the stub terminal, the built
    /// binaries, xdg-utils).
    private func startDaemon(home: URL, desktop: TestDesktop, path: String, extra: [String: String]) throws
        -> StrataProcess.Running
    {
        var environment = desktop.environment
        environment.merge(extra) { _, new in new }
        environment["PATH"] = path
        environment["STRATA_LOG_LEVEL"] = "info"
        return try StrataProcess("strata-notifyd", home: home, extraEnvironment: environment)
            .start(["--poll-interval", "0.05", "--desktop", "dbus"])
    }

    private static func stop(_ daemon: StrataProcess.Running) async {
        daemon.signal(SIGTERM)
        _ = await daemon.finish(within: Patience.childProcess)
    }

    /// Whether strata-host lists notification `id` as read (`strata-host open strata://notifications --json`).
    static func isRead(_ id: String, host: StrataProcess) async throws -> Bool {
        let listed = try await host.run(["open", "strata://notifications", "--json"])
        guard listed.status == 0,
            let list = try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]]
        else { return false }
        return list.first { $0["id"] as? String == id }?["read"] as? Bool == true
    }

    /// `dunstctl history`'s notifications, each field's string (or number) value by name.
    static func history(_ desktop: TestDesktop) async throws -> [[String: String]] {
        let outcome = try await desktop.dunstctl(["history"])
        #expect(outcome.status == 0, "\(outcome)")
        let document = try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any]
        let groups = document?["data"] as? [[[String: Any]]] ?? []
        return groups.flatMap { $0 }.map { fields in
            fields.compactMapValues { field -> String? in
                guard let value = (field as? [String: Any])?["data"] else { return nil }
                return value as? String ?? "\(value)"
            }
        }
    }

    /// A PNG of the screen that is not one flat colour (the notification is on it).
    static func expectPicture(at url: URL) throws {
        let data = try Data(contentsOf: url)
        #expect(data.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]), "not a PNG: \(url.path)")
        #expect(data.count > 2000, "a tiny PNG (\(data.count) bytes): \(url.path)")
    }
}

/// xdg-open's side of the test: strata-host.desktop as the scheme's default in the desktop's
/// `XDG_DATA_HOME`/`XDG_CONFIG_HOME`, and a stub `x-terminal-emulator` first on `PATH` that
/// notes its arguments and runs the `-e` command (as a terminal would inside its window).
struct OpenerSetup {
    let path: String
    let environment: [String: String]
    let log: URL

    init(desktop: TestDesktop) throws {
        let root = desktop.root
        let applications = root.appendingPathComponent("data/applications", isDirectory: true)
        let stubs = root.appendingPathComponent("bin", isDirectory: true)
        try FileManager.default.createDirectory(at: applications, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: stubs, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: DesktopNotificationTests.repository.appendingPathComponent("deploy/desktop/strata-host.desktop"),
            to: applications.appendingPathComponent("strata-host.desktop"))
        log = root.appendingPathComponent("terminal.log")
        try Data().write(to: log)
        try StubTerminal.install(in: stubs)
        path = "\(stubs.path):\(StrataProcess.productsDirectory.path):/usr/bin:/bin:/usr/local/bin"
        environment = ["STRATA_TEST_TERMINAL_LOG": log.path, "BROWSER": "/bin/false"]
        // The entry becomes x-scheme-handler/strata's default (mimeapps.list in XDG_CONFIG_HOME).
        let mimeapps = root.appendingPathComponent("config/mimeapps.list")
        try "[Default Applications]\nx-scheme-handler/strata=strata-host.desktop\n"
            .write(to: mimeapps, atomically: true, encoding: .utf8)
    }

    /// What the stub terminal was asked to run so far.
    func terminalLog() -> String {
        (try? String(contentsOf: log, encoding: .utf8)) ?? ""
    }
}
