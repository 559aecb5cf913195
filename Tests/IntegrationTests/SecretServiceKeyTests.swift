import Foundation
import StrataTestSupport
import Synchronization
import Testing

/// The data key in a real Secret Service: a private `dbus-daemon --session` (a bus of its own,
/// no service activation) and `gnome-keyring-daemon --components=secrets`, unlocked with a
/// password on standard input, its keyring files in a throwaway `HOME`/`XDG_DATA_HOME`; the
/// built strata-host and strata-status run on that bus with a temporary `STRATA_HOME`.
/// `scripts/test` installs the packages first (`ensure_secret_service`); a missing one fails
/// the test naming it.
@Suite("The data key in the Secret Service (gnome-keyring on a private session bus)", .childProcessSlot, .serialized)
struct SecretServiceKeyTests {
    /// A private session bus, and (once ``startKeyring()`` ran) gnome-keyring's Secret Service on it.
    final class PrivateSession: Sendable {
        let root: URL
        let bus: StrataProcess.Running
        let address: String
        private let keyring = Mutex<StrataProcess.Running?>(nil)

        /// Starts `dbus-daemon` on a socket in a fresh temporary folder and waits for its address.
        ///
        /// Without `activation` the bus has no `<servicedir>`: nothing is started on demand, so
        /// the only Secret Service is the one ``startKeyring()`` starts. With it, the bus starts
        /// gnome-keyring itself on the first call to `org.freedesktop.secrets`, as a bus from
        /// `dbus-launch` does on i3 or sway (`--start`, nothing unlocked: no login collection
        /// unless an earlier ``startKeyring()`` made one, which is then locked); the daemon
        /// inherits the bus's throwaway HOME and XDG folders.
        init(activation: Bool = false) async throws {
            root = TemporaryRoot.directory("strata-keyring")
            for folder in ["home", "data", "runtime", "services"] {
                try FileManager.default.createDirectory(
                    at: root.appendingPathComponent(folder), withIntermediateDirectories: true,
                    attributes: [.posixPermissions: 0o700])
            }
            let configuration = root.appendingPathComponent("bus.conf")
            var text = TestDesktop.busConfiguration(socket: root.appendingPathComponent("bus").path)
            var daemonEnvironment = ["PATH": "/usr/bin:/bin"]
            if activation {
                let services = root.appendingPathComponent("services")
                let keyringDaemon = try SystemTool.path("gnome-keyring-daemon", package: "gnome-keyring")
                try """
                    [D-BUS Service]
                    Name=org.freedesktop.secrets
                    Exec=\(keyringDaemon) --start --foreground --components=secrets

                    """.write(
                    to: services.appendingPathComponent("org.freedesktop.secrets.service"), atomically: true, encoding: .utf8)
                text = text.replacingOccurrences(
                    of: "</busconfig>", with: "  <servicedir>\(services.path)</servicedir>\n</busconfig>")
                for folder in ["home": "HOME", "data": "XDG_DATA_HOME", "runtime": "XDG_RUNTIME_DIR"] {
                    daemonEnvironment[folder.value] = root.appendingPathComponent(folder.key).path
                }
            }
            try text.write(to: configuration, atomically: true, encoding: .utf8)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: try SystemTool.path("dbus-daemon", package: "dbus"))
            process.arguments = ["--config-file=\(configuration.path)", "--nofork", "--print-address=1"]
            process.environment = daemonEnvironment
            bus = try StrataProcess.start(process)
            let running = bus
            let printed = await eventually(within: Patience.childProcess) { running.stdout.snapshot().contains("\n") }
            address = running.stdout.snapshot().split(separator: "\n").first.map(String.init) ?? ""
            guard printed, address.hasPrefix("unix:") else {
                running.signal(SIGKILL)
                _ = await running.finish(within: Patience.childProcess)
                throw SessionFailure(description: "dbus-daemon printed no address: \(running.stdout.snapshot()) \(running.stderr.snapshot())")
            }
        }

        /// The environment of every child on this bus: a throwaway HOME and XDG folders.
        var environment: [String: String] {
            [
                "PATH": "/usr/bin:/bin", "DBUS_SESSION_BUS_ADDRESS": address,
                "HOME": root.appendingPathComponent("home").path,
                "XDG_DATA_HOME": root.appendingPathComponent("data").path,
                "XDG_RUNTIME_DIR": root.appendingPathComponent("runtime").path,
            ]
        }

        /// Starts gnome-keyring's Secret Service, unlocked with a password given on standard
        /// input (which makes the login keyring in the throwaway XDG_DATA_HOME), and waits
        /// until it owns `org.freedesktop.secrets` on the bus.
        func startKeyring() async throws {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: try SystemTool.path("gnome-keyring-daemon", package: "gnome-keyring"))
            process.arguments = ["--foreground", "--components=secrets", "--unlock"]
            process.environment = environment
            let password = Pipe()
            process.standardInput = password.fileHandleForReading
            let daemon = try StrataProcess.start(process)
            keyring.withLock { $0 = daemon }
            try? password.fileHandleForReading.close()
            password.fileHandleForWriting.write(Data("throwaway-keyring-password".utf8))
            try? password.fileHandleForWriting.close()
            let owned = await eventually(within: Patience.childProcess, every: .milliseconds(50)) { try await self.secretsOwned() }
            guard owned else {
                throw SessionFailure(
                    description: "gnome-keyring-daemon never owned org.freedesktop.secrets: \(daemon.stdout.snapshot()) \(daemon.stderr.snapshot())")
            }
        }

        /// Stops the daemon ``startKeyring()`` started and waits until nobody owns
        /// `org.freedesktop.secrets` (on a bus with activation, the next call starts it again,
        /// its login keyring now locked).
        func stopKeyring() async throws {
            guard let daemon = keyring.withLock({ $0 }) else { return }
            await daemon.terminate()  // gnome-keyring-daemon may ignore SIGTERM: SIGKILL after 5 s
            keyring.withLock { $0 = nil }
            guard await eventually(within: Patience.childProcess, every: .milliseconds(50), { try await !self.secretsOwned() }) else {
                throw SessionFailure(description: "org.freedesktop.secrets still has an owner after gnome-keyring-daemon stopped")
            }
        }

        /// Whether anyone owns `org.freedesktop.secrets` on this bus (asking starts nobody).
        private func secretsOwned() async throws -> Bool {
            let reply = try await SystemTool.run(
                try SystemTool.path("dbus-send", package: "dbus"),
                [
                    "--session", "--print-reply", "--dest=org.freedesktop.DBus", "/org/freedesktop/DBus",
                    "org.freedesktop.DBus.NameHasOwner", "string:org.freedesktop.secrets",
                ], environment: environment, timeout: Patience.childProcess)
            return reply.stdout.contains("boolean true")
        }

        /// `secret-tool lookup container <home>`: the hex key it prints, or `nil` when it finds none.
        func lookUp(home: URL) async throws -> String? {
            let outcome = try await SystemTool.run(
                try SystemTool.path("secret-tool", package: "libsecret-tools"), ["lookup", "container", home.path],
                environment: environment, timeout: Patience.childProcess)
            return outcome.status == 0 ? outcome.stdout : nil
        }

        /// Stops both daemons (SIGTERM, then SIGKILL after 5 s) and removes the folder.
        func stop() async {
            for running in [keyring.withLock { $0 }, bus].compactMap({ $0 }) { await running.terminate() }
            try? FileManager.default.removeItem(at: root)
        }
    }

    private func host(_ home: URL, _ session: PrivateSession?, language: String = "C.UTF-8") -> StrataProcess {
        var environment = session?.environment ?? [:]
        environment["LANG"] = language
        return StrataProcess("strata-host", home: home, extraEnvironment: environment)
    }

    private func keyFile(_ home: URL) -> URL { home.appendingPathComponent("keys/data.key") }

    private func mode(_ url: URL) throws -> Int? {
        (try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? NSNumber)?.intValue
    }

    @Test("a new store's key goes to gnome-keyring, moves to the 0600 file and back, and the reports stay readable")
    func keyInTheSecretService() async throws {
        let session = try await PrivateSession()
        try await withCleanUp(of: session, by: { await $0.stop() }) { session in
            // A session bus with no Secret Service on it: the file, as today, and `store key` says why.
            let plain = temporaryHome()
            #expect(try await host(plain, session).run(["reports", "add", "--patient-name", "Anselm Ode", "--age", "30"]).status == 0)
            #expect(FileManager.default.fileExists(atPath: keyFile(plain).path))
            let unused = try await host(plain, session).run(["store", "key"])
            #expect(unused.status == 0 && unused.stdout.contains("The Secret Service is not used"), "\(unused)")
            #expect(
                unused.stdout.contains("It is there because there was no Secret Service to ask when the store was made"),
                "\(unused)")

            try await session.startKeyring()
            let home = temporaryHome()
            let name = "Ilsabet Moreau"
            let added = try await host(home, session).run(["reports", "add", "--patient-name", name, "--age", "38"])
            #expect(added.status == 0, "\(added)")
            let stored = try #require(try await session.lookUp(home: home), "secret-tool finds no key for \(home.path)")
            #expect(stored.count == 64 && stored.allSatisfy(\.isHexDigit), "\(stored)")
            #expect(!FileManager.default.fileExists(atPath: keyFile(home).path), "the key must not be in a file too")
            #expect(try await host(home, session).run(["reports", "list", "--json"]).stdout.contains(name))
            let shown = try await host(home, session).run(["store", "key", "--show-location"])
            #expect(shown.status == 0 && shown.stdout.contains("The data key is in the Secret Service"), "\(shown)")
            #expect(
                shown.stdout.contains("It is there because the Secret Service answered and took it when the store was made."),
                "where and why: \(shown)")
            let japanese = try await host(home, session, language: "ja_JP.UTF-8").run(["store", "key", "--show-location"])
            #expect(japanese.stdout.contains("データキーは"), "\(japanese)")
            let backup = try await host(home, session).run(["store", "backup", home.deletingLastPathComponent().appendingPathComponent("b.sqlite").path])
            #expect(backup.status == 0 && backup.stdout.contains("Keep the data key the Secret Service"), "\(backup)")
            // strata-status never links libsecret: the store records where its key lives.
            let status = try await StrataProcess("strata-status", home: home).run([])
            #expect(status.status == 0, "\(status)")
            // The file of the first home was not migrated.
            #expect(try await session.lookUp(home: plain) == nil && FileManager.default.fileExists(atPath: keyFile(plain).path))

            let toFile = try await host(home, session).run(["store", "key", "--to", "file"])
            #expect(toFile.status == 0 && toFile.stdout.contains("Moved the data key to \(keyFile(home).path)"), "\(toFile)")
            #expect(try await session.lookUp(home: home) == nil, "the Secret Service must hold no key after --to file")
            let movedThere = try await host(home, session).run(["store", "key", "--show-location"])
            #expect(
                movedThere.stdout.contains("It is there because it was moved there with strata-host store key --to."),
                "\(movedThere)")
            #expect(try mode(keyFile(home)) == 0o600)
            #expect(try await host(home, session).run(["reports", "list", "--json"]).stdout.contains(name))

            let back = try await host(home, session).run(["store", "key", "--to", "secret-service"])
            #expect(back.status == 0 && back.stdout.contains("Moved the data key to the Secret Service"), "\(back)")
            #expect(try await session.lookUp(home: home) == stored, "the same key goes back")
            #expect(!FileManager.default.fileExists(atPath: keyFile(home).path))
            #expect(try await host(home, session).run(["reports", "list", "--json"]).stdout.contains(name))
        }
    }

    @Test("the interactive strata-host's Account screen says the data key is in the Secret Service, which took it at the first run")
    func accountScreenShowsTheSecretService() async throws {
        let session = try await PrivateSession()
        try await withCleanUp(of: session, by: { await $0.stop() }) { session in
            try await session.startKeyring()
            let home = temporaryHome()
            let tty = try PseudoTerminal(columns: 180, rows: 40)
            let (process, log) = try tty.startHost(home: home, environment: session.environment)
            defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
            try #require(await eventually { tty.screen.contains("— home") }, "no Launcher:\n\(tty.screen)\n\(log.snapshot())")

            tty.type("account")

            #expect(
                await eventually { tty.screen.contains("Data key: Secret Service (the Secret Service took it at the first run)") },
                "\(tty.screen)\n\(log.snapshot())")
            #expect(try await session.lookUp(home: home) != nil, "the key is in the keyring")
            tty.type("quit")
            #expect(await eventually { !process.isRunning }, "still running after quit")
        }
    }

    @Test("no executable links libsecret or GLib: strata-host and strata-notifyd load libsecret only when they ask the Secret Service")
    func noExecutableLinksLibsecret() async throws {
        // LD_TRACE_LOADED_OBJECTS makes the loader list every library it would load, and exit before main.
        // A start whose key is in the key file pays for neither (issue 29); the tests above reach
        // the keyring through the libsecret loaded with dlopen.
        for name in ["strata-status", "strata-host", "strata-notifyd"] {
            let outcome = try await StrataProcess(
                name, home: temporaryHome(), extraEnvironment: ["LD_TRACE_LOADED_OBJECTS": "1"]
            ).run([])
            #expect(outcome.status == 0, "\(name): \(outcome)")
            #expect(!outcome.stdout.contains("libsecret-1.so"), "\(name): \(outcome.stdout)")
            #expect(!outcome.stdout.contains("libglib-2.0.so"), "\(name): \(outcome.stdout)")
        }
    }

    @Test("without a session bus the key is the 0600 file as before, and --to secret-service exits 75 naming why")
    func noSessionBus() async throws {
        let home = temporaryHome()
        #expect(try await host(home, nil).run(["reports", "add", "--patient-name", "Teodor Vask", "--age", "61"]).status == 0)
        #expect(try mode(keyFile(home)) == 0o600)
        let shown = try await host(home, nil).run(["store", "key", "--show-location"])
        #expect(
            shown.stdout.contains("The data key is in \(keyFile(home).path).\n")
                && shown.stdout.contains("The Secret Service is not used: this process was given no Secret Service (no session bus")
                && shown.stdout.hasSuffix("\nIt is there because there was no Secret Service to ask when the store was made.\n"),
            "\(shown)")
        let refused = try await host(home, nil).run(["store", "key", "--to", "secret-service"])
        #expect(refused.status == 75 && refused.stderrLines.count == 1, "\(refused)")
        #expect(refused.stderr.contains("DBUS_SESSION_BUS_ADDRESS"), "\(refused)")
        #expect(try mode(keyFile(home)) == 0o600, "the key file is untouched")
        #expect(try await host(home, nil).run(["reports", "list", "--json"]).stdout.contains("Teodor Vask"))
    }
}

/// The private session could not be started: names the daemon and what it printed.
private struct SessionFailure: Error, CustomStringConvertible {
    let description: String
}
