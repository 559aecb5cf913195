import Foundation
import StrataTestSupport
import Testing

/// The systemd user units in deploy/systemd (Docs/Desktop.md) are accepted by the real
/// `systemd-analyze verify --user`, with ExecStart pointing at the binaries this build made.
///
/// `--user` needs a runtime directory (`$XDG_RUNTIME_DIR`, else it fails "Failed to lookup
/// RuntimeDirectory path"): the test gives it an empty owner-only one. `--man=no`: the units'
/// `Documentation=man:…` pages are installed by scripts/install (InstallScriptTests checks them),
/// not on this machine's man path.
@Suite("deploy/systemd: the user units are valid for systemd", .childProcessSlot, .serialized)
struct UserUnitsTests {
    static let units = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("deploy/systemd", isDirectory: true)
    static let names = ["strata-notifyd.service", "strata-notifyd.path", "strata-sync.service", "strata-sync.timer"]

    @Test("systemd-analyze verify --user accepts strata-notifyd.{service,path} and strata-sync.{service,timer}")
    func verify() async throws {
        let analyze = try SystemTool.path("systemd-analyze", package: "systemd")
        let folder = TemporaryRoot.directory("user-units")
        let runtime = folder.appendingPathComponent("runtime", isDirectory: true)
        try FileManager.default.createDirectory(
            at: runtime, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        defer { try? FileManager.default.removeItem(at: folder) }
        var paths: [String] = []
        for name in Self.names {
            let text = try String(contentsOf: Self.units.appendingPathComponent(name), encoding: .utf8)
            // verify checks that ExecStart's binary exists: point it at the one this build made
            // (scripts/install writes PREFIX/bin in the same place).
            let built = text.replacingOccurrences(
                of: "%h/.local/bin/", with: StrataProcess.productsDirectory.path + "/")
            let file = folder.appendingPathComponent(name)
            try built.write(to: file, atomically: true, encoding: .utf8)
            paths.append(file.path)
        }
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_RUNTIME_DIR"] = runtime.path

        let outcome = try await SystemTool.run(analyze, ["verify", "--user", "--man=no"] + paths, environment: environment)

        #expect(outcome.status == 0, "\(outcome)")
        #expect(outcome.stderr.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty, "\(outcome)")
    }

    @Test("strata-notifyd.service is Type=notify with a watchdog and restarts on failure; the .path watches inbox/new")
    func theUnitsSayWhatTheDocsSay() throws {
        func lines(_ name: String) throws -> [Substring] {
            try String(contentsOf: Self.units.appendingPathComponent(name), encoding: .utf8).split(separator: "\n")
        }
        let service = try lines("strata-notifyd.service")
        for line in ["Type=notify", "WatchdogSec=30", "Restart=on-failure", "ExecStart=%h/.local/bin/strata-notifyd"] {
            #expect(service.contains(Substring(line)), "\(line)")
        }
        // The default container directory (ContainerDirectory: ~/.local/share/strata) and its inbox's new/.
        let path = try lines("strata-notifyd.path")
        #expect(path.contains("PathChanged=%h/.local/share/strata/inbox/new"))
        #expect(path.contains("Unit=strata-notifyd.service"))
        let sync = try lines("strata-sync.service")
        #expect(sync.contains("Type=oneshot") && sync.contains("ExecStart=%h/.local/bin/strata-host sync"))
        let timer = try lines("strata-sync.timer")
        #expect(timer.contains("Unit=strata-sync.service") && timer.contains("WantedBy=timers.target"))
    }
}
