import Foundation
import StrataTestSupport
import Testing

/// `deploy/desktop/strata-host.desktop`, the `strata://` handler: valid for desktop-file-utils,
/// and reached by the real `xdg-open` (xdg-utils) once it is the scheme's default.
@Suite("strata-host.desktop opens strata:// URLs through xdg-open", .childProcessSlot, .serialized)
struct DesktopEntryTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let entry = repository.appendingPathComponent("deploy/desktop/strata-host.desktop")

    @Test("desktop-file-validate accepts it; it handles x-scheme-handler/strata in a terminal with strata-host open --stay %u")
    func validates() async throws {
        let validate = try SystemTool.path("desktop-file-validate", package: "desktop-file-utils")
        let outcome = try await SystemTool.run(validate, [Self.entry.path])
        #expect(outcome.status == 0, "\(outcome)")
        #expect((outcome.stdout + outcome.stderr).isEmpty, "\(outcome)")
        let lines = try String(contentsOf: Self.entry, encoding: .utf8).split(separator: "\n")
        #expect(lines.contains("MimeType=x-scheme-handler/strata;"))
        #expect(lines.contains("Terminal=true"))
        #expect(lines.contains("Exec=strata-host open --stay %u"))
    }

    /// xdg-open with no desktop environment named (no `XDG_CURRENT_DESKTOP`, no session bus)
    /// takes its generic branch: it asks `xdg-mime query default x-scheme-handler/strata` — only
    /// when it believes there is a display (`DISPLAY` or `WAYLAND_DISPLAY`; nothing connects to
    /// it) — finds the entry under `$XDG_DATA_HOME/applications`, and because the entry says
    /// `Terminal=true` and xdg-open has no terminal (`setsid`: no controlling tty) it runs
    /// `x-terminal-emulator -e strata-host open --stay URL` (the stub's standard input is no
    /// terminal, so `--stay` runs the URL one-shot, as without it). No terminal emulator (or X server) runs
    /// in a test, so a stub early on `PATH` notes its arguments and runs the command itself, as
    /// a real one runs it inside its window. `BROWSER=/bin/false` keeps the fallback from
    /// opening a web browser when the handler is not found: the test fails instead.
    @Test("xdg-open 'strata://reports/new?…' with the entry as the scheme's default creates the report in the store")
    func xdgOpenCreatesTheReport() async throws {
        let xdgOpen = try SystemTool.path("xdg-open", package: "xdg-utils")
        let xdgMime = try SystemTool.path("xdg-mime", package: "xdg-utils")
        let setsid = try SystemTool.path("setsid", package: "util-linux")
        let root = TemporaryRoot.directory("xdg-open")
        defer { try? FileManager.default.removeItem(at: root) }
        let applications = root.appendingPathComponent("data/applications", isDirectory: true)
        let stubs = root.appendingPathComponent("bin", isDirectory: true)
        for folder in [applications, stubs, root.appendingPathComponent("config"), root.appendingPathComponent("home"),
            root.appendingPathComponent("system")]
        {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        try FileManager.default.copyItem(at: Self.entry, to: applications.appendingPathComponent("strata-host.desktop"))
        let terminalLog = root.appendingPathComponent("terminal.log")
        try StubTerminal.install(in: stubs)
        let store = root.appendingPathComponent("strata", isDirectory: true)
        let environment = [
            "PATH": "\(stubs.path):\(StrataProcess.productsDirectory.path):/usr/bin:/bin",
            "HOME": root.appendingPathComponent("home").path,
            "XDG_DATA_HOME": root.appendingPathComponent("data").path,
            "XDG_CONFIG_HOME": root.appendingPathComponent("config").path,
            "XDG_DATA_DIRS": root.appendingPathComponent("system").path,
            "WAYLAND_DISPLAY": "wayland-strata-test",
            "DBUS_SESSION_BUS_ADDRESS": "unix:path=\(root.path)/no-bus",
            "BROWSER": "/bin/false",
            "STRATA_HOME": store.path,
            "STRATA_TEST_TERMINAL_LOG": terminalLog.path,
            "TZ": "UTC",
        ]
        let registered = try await SystemTool.run(
            xdgMime, ["default", "strata-host.desktop", "x-scheme-handler/strata"], environment: environment)
        #expect(registered.status == 0, "\(registered)")
        let url = "strata://reports/new?patientName=Hanako%20Sato&age=42&gender=female&memo=from%20xdg-open"

        let opened = try await SystemTool.run(setsid, ["--wait", xdgOpen, url], environment: environment)

        #expect(opened.status == 0, "\(opened)")
        let terminal = try String(contentsOf: terminalLog, encoding: .utf8)
        #expect(
            terminal == "-e \(StrataProcess.executable("strata-host").path) open --stay \(url)\n",
            "the Terminal=true entry runs through x-terminal-emulator -e: \(terminal)")
        let listed = try await StrataProcess("strata-host", home: store).run(["reports", "list", "--json"])
        #expect(listed.status == 0, "\(listed)")
        let reports = try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]]
        #expect(reports?.count == 1, "\(listed)")
        #expect(reports?.first?["patientName"] as? String == "Hanako Sato", "\(listed)")
        #expect(reports?.first?["age"] as? Int == 42, "\(listed)")
        #expect(reports?.first?["memo"] as? String == "from xdg-open", "\(listed)")
    }
}
