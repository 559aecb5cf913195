import Foundation
import StrataTestSupport
import Synchronization

/// A throwaway Linux desktop for one test, all real: an X server without a screen (`Xvfb`, on a
/// display it picks itself with `-displayfd`), a session bus (`dbus-daemon` with a config of
/// its own: a socket in the test's folder, no service activation) and, unless asked not to,
/// Debian's `dunst` as the notification server, drawing on that display. ``stop()`` ends every
/// child (SIGTERM, then SIGKILL); ``with(root:notificationServer:_:)`` calls it however the test ends.
///
/// `scripts/test` installs the packages (scripts/lib/ensure-desktop.sh); a missing tool fails
/// the test naming its package.
final class TestDesktop: Sendable {
    /// The test's folder: the bus socket, dunstrc, `HOME`, the XDG folders.
    let root: URL
    /// The X display, `:N`.
    let display: String
    /// The session bus's address, `unix:path=…`.
    let busAddress: String
    private let children: Mutex<[StrataProcess.Running]>

    /// What every desktop program of the test gets: the display, the bus, a throwaway `HOME`
    /// and XDG folders (no desktop environment named), English messages, UTC.
    var environment: [String: String] {
        [
            "PATH": "/usr/bin:/bin:/usr/local/bin",
            "DISPLAY": display,
            "DBUS_SESSION_BUS_ADDRESS": busAddress,
            "HOME": root.appendingPathComponent("home").path,
            "XDG_DATA_HOME": root.appendingPathComponent("data").path,
            "XDG_CONFIG_HOME": root.appendingPathComponent("config").path,
            "XDG_DATA_DIRS": root.appendingPathComponent("system").path,
            "XDG_RUNTIME_DIR": root.appendingPathComponent("runtime").path,
            "LANG": "C.UTF-8",
            "TZ": "UTC",
        ]
    }

    private init(root: URL, display: String, busAddress: String, children: [StrataProcess.Running]) {
        self.root = root
        self.display = display
        self.busAddress = busAddress
        self.children = Mutex(children)
    }

    /// Starts a desktop in `root`, runs `body` with it, and stops it however `body` ends.
    static func with<Result: Sendable>(
        root: URL, notificationServer: Bool = true, _ body: (TestDesktop) async throws -> Result
    ) async throws -> Result {
        let desktop = try await start(root: root, notificationServer: notificationServer)
        return try await withCleanUp(of: desktop, by: { await $0.stop() }, body)
    }

    /// Starts Xvfb, the bus and (when `notificationServer`) dunst; returns once each answers.
    static func start(root: URL, notificationServer: Bool) async throws -> TestDesktop {
        let xvfb = try SystemTool.path("Xvfb", package: "xvfb")
        let busDaemon = try SystemTool.path("dbus-daemon", package: "dbus-daemon")
        for folder in ["home", "data", "config", "system", "runtime"] {
            try FileManager.default.createDirectory(
                at: root.appendingPathComponent(folder), withIntermediateDirectories: true,
                attributes: [.posixPermissions: 0o700])
        }
        var started: [StrataProcess.Running] = []
        do {
            let server = try run(xvfb, ["-displayfd", "1", "-screen", "0", "1024x768x24", "-nolisten", "tcp"], [:])
            started.append(server)
            guard await eventually(within: Patience.childProcess, { server.stdout.snapshot().contains("\n") }),
                let number = Int(server.stdout.snapshot().trimmingCharacters(in: .whitespacesAndNewlines))
            else { throw Failure("Xvfb gave no display: \(server.stderr.snapshot())") }
            let socket = root.appendingPathComponent("bus").path
            let configuration = root.appendingPathComponent("session.conf")
            try Self.busConfiguration(socket: socket).write(to: configuration, atomically: true, encoding: .utf8)
            let bus = try run(busDaemon, ["--config-file=\(configuration.path)", "--nofork", "--nopidfile"], [:])
            started.append(bus)
            guard await eventually(within: Patience.childProcess, { FileManager.default.fileExists(atPath: socket) }) else {
                throw Failure("dbus-daemon made no socket: \(bus.stderr.snapshot())")
            }
            let desktop = TestDesktop(root: root, display: ":\(number)", busAddress: "unix:path=\(socket)", children: started)
            if notificationServer { try await desktop.startDunst() }
            return desktop
        } catch {
            for child in started { child.signal(SIGKILL) }
            for child in started { _ = await child.finish(within: Patience.childProcess) }
            throw error
        }
    }

    /// Starts dunst with a minimal dunstrc (notifications stay until closed) and waits until
    /// `dunstctl` reaches it over the bus.
    private func startDunst() async throws {
        let dunst = try SystemTool.path("dunst", package: "dunst")
        let rc = root.appendingPathComponent("dunstrc")
        try """
            [global]
                font = Monospace 12
                width = 480
                origin = top-right
                offset = 20x20
                frame_width = 2
                markup = full
            [urgency_low]
                timeout = 0
            [urgency_normal]
                timeout = 0
            [urgency_critical]
                timeout = 0

            """.write(to: rc, atomically: true, encoding: .utf8)
        let server = try Self.run(dunst, ["-config", rc.path], environment)
        children.withLock { $0.append(server) }
        let answering = await eventually(within: Patience.childProcess, every: .milliseconds(100)) {
            try await self.dunstctl(["is-paused"]).status == 0
        }
        guard answering else { throw Failure("dunst does not answer on the bus: \(server.stderr.snapshot())") }
    }

    /// Runs `dunstctl` with `arguments` on this desktop.
    func dunstctl(_ arguments: [String]) async throws -> StrataProcess.Outcome {
        try await SystemTool.run(
            try SystemTool.path("dunstctl", package: "dunst"), arguments, environment: environment, timeout: Patience.childProcess)
    }

    /// How many notifications dunst shows now.
    func displayedCount() async throws -> Int {
        Int(try await dunstctl(["count", "displayed"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
    }

    /// Saves the whole screen as a PNG at `url` (ImageMagick's `import -window root`).
    func screenshot(to url: URL) async throws -> StrataProcess.Outcome {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        let tool = try SystemTool.path("import", package: "imagemagick")
        return try await SystemTool.run(tool, ["-window", "root", "png:\(url.path)"], environment: environment)
    }

    /// Ends every child: SIGTERM, then SIGKILL after 5 s.
    func stop() async {
        let running = children.withLock { children in
            defer { children.removeAll() }
            return children
        }
        for child in running.reversed() { child.signal(SIGTERM) }
        for child in running.reversed() { _ = await child.finish(within: Patience.teardown) }
    }

    /// A session bus listening on `socket` only, everything allowed, nothing activated.
    static func busConfiguration(socket: String) -> String {
        """
        <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
         "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
        <busconfig>
          <type>session</type>
          <listen>unix:path=\(socket)</listen>
          <auth>EXTERNAL</auth>
          <policy context="default">
            <allow send_destination="*" eavesdrop="true"/>
            <allow eavesdrop="true"/>
            <allow own="*"/>
          </policy>
        </busconfig>

        """
    }

    /// Starts `path` with `arguments` through `env --default-signal=TERM,INT`: a child of the
    /// test process starts with SIGTERM blocked (inherited from the test runner), and Xvfb and
    /// dbus-daemon would then wait for the SIGKILL that leaves the X lock behind.
    private static func run(_ path: String, _ arguments: [String], _ environment: [String: String]) throws
        -> StrataProcess.Running
    {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try SystemTool.path("env", package: "coreutils"))
        process.arguments = ["--default-signal=TERM,INT", path] + arguments
        process.environment = environment.isEmpty ? ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"] : environment
        return try StrataProcess.start(process)
    }

    /// A desktop that did not come up, and why.
    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}
