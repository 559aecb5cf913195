import Foundation
import StrataTestSupport
import Testing

/// The keyrings a first user meets that are not an unlocked login keyring, all real: a session
/// bus that starts gnome-keyring by D-Bus activation with no login collection (what
/// `dbus-launch` gives on i3 or sway), and one whose login collection is locked; the user's
/// choice of place (`STRATA_KEY_PLACE`); and a `STRATA_HOME` that is a symbolic link. The
/// built strata-host and strata-notifyd run on ``SecretServiceKeyTests/PrivateSession``'s bus.
@Suite("The data key when the Secret Service refuses it, as the user chose, and through a linked home", .childProcessSlot, .serialized)
struct SecretServiceFallBackTests {
    typealias PrivateSession = SecretServiceKeyTests.PrivateSession

    private func host(
        _ home: URL, _ session: PrivateSession, language: String = "C.UTF-8", extra: [String: String] = [:]
    ) -> StrataProcess {
        var environment = session.environment.merging(extra) { _, new in new }
        environment["LANG"] = language
        return StrataProcess("strata-host", home: home, extraEnvironment: environment)
    }

    private func keyFile(_ home: URL) -> URL { home.appendingPathComponent("keys/data.key") }

    private func mode(_ url: URL) throws -> Int? {
        (try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? NSNumber)?.intValue
    }

    /// A first command on a fresh home succeeds with the key in the 0600 file and one line
    /// saying why (containing `reason`), and later commands say nothing.
    private func expectFallBack(on session: PrivateSession, reason: String) async throws {
        let home = temporaryHome()
        let added = try await host(home, session).run(["reports", "add", "--patient-name", "Maren Quist", "--age", "40"])
        #expect(added.status == 0, "\(added)")
        #expect(added.stderrLines.count == 1, "one line: \(added)")
        #expect(
            added.stderr.hasPrefix("strata-host: the Secret Service did not take the new data key (")
                && added.stderr.contains(reason) && added.stderr.contains(keyFile(home).path), "\(added)")
        #expect(try mode(keyFile(home)) == 0o600)
        #expect(try await session.lookUp(home: home) == nil, "nothing is left in the keyring")
        let listed = try await host(home, session).run(["reports", "list", "--json"])
        #expect(listed.status == 0 && listed.stdout.contains("Maren Quist") && listed.stderr.isEmpty, "\(listed)")
        let shown = try await host(home, session).run(["store", "key", "--show-location"])
        #expect(shown.status == 0 && shown.stdout.contains("The data key is in \(keyFile(home).path)"), "\(shown)")
        // And why, as the store recorded it at its first run.
        #expect(
            shown.stdout.contains("It is there because the Secret Service did not take it when the store was made (")
                && shown.stdout.split(separator: "\n").last?.contains(reason) == true,
            "\(shown)")
    }

    @Test("a bus that starts gnome-keyring with no login collection: the key falls back to the file, one line, exit 0 (strata-host and strata-notifyd)")
    func activatedKeyringWithoutLoginCollection() async throws {
        let session = try await PrivateSession(activation: true)
        try await withCleanUp(of: session, by: { await $0.stop() }) { session in
            try await expectFallBack(on: session, reason: "collection/login")

            let japanese = try await host(temporaryHome(), session, language: "ja_JP.UTF-8")
                .run(["reports", "add", "--patient-name", "Maren Quist", "--age", "40"])
            #expect(japanese.status == 0 && japanese.stderrLines.count == 1, "\(japanese)")
            #expect(japanese.stderr.contains("Secret Service が新しいデータキーを受け付けなかったため"), "\(japanese)")

            let daemonHome = temporaryHome()
            var environment = session.environment
            environment["LANG"] = "C.UTF-8"
            let daemon = try await StrataProcess("strata-notifyd", home: daemonHome, extraEnvironment: environment)
                .run(["--once", "--desktop", "off"])
            #expect(daemon.status == 0, "\(daemon)")
            let said = daemon.stderrLines.filter { $0.contains("the Secret Service did not take the new data key") }
            #expect(said.count == 1 && said.first?.hasPrefix("strata-notifyd: ") == true, "\(daemon)")
            #expect(FileManager.default.fileExists(atPath: keyFile(daemonHome).path))
        }
    }

    @Test("strata-notifyd whose start fails after the key fell back to the file prints its error line alone; the next good start says the fall-back")
    func notifydFailingStartIsOneLine() async throws {
        let session = try await PrivateSession(activation: true)
        try await withCleanUp(of: session, by: { await $0.stop() }) { session in
            let home = temporaryHome()
            try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
            let inbox = home.appendingPathComponent("inbox")
            try Data().write(to: inbox)  // the inbox's path taken by a file
            var environment = session.environment
            environment["LANG"] = "C.UTF-8"
            let daemon = StrataProcess("strata-notifyd", home: home, extraEnvironment: environment)
            let failed = try await daemon.run(["--once", "--desktop", "off"])
            #expect(failed.status == 1, "\(failed)")
            #expect(failed.stderrLines.count == 1, "one line: \(failed)")
            #expect(failed.stderr.hasPrefix("strata-notifyd: cannot prepare the inbox"), "\(failed)")
            #expect(!failed.stderr.contains("Secret Service"), "\(failed)")
            #expect(!FileManager.default.fileExists(atPath: keyFile(home).path), "the inbox is checked before a key is made")

            try FileManager.default.removeItem(at: inbox)
            let started = try await daemon.run(["--once", "--desktop", "off"])
            #expect(started.status == 0, "\(started)")
            let said = started.stderrLines.filter { $0.contains("the Secret Service did not take the new data key") }
            #expect(said.count == 1 && said.first?.hasPrefix("strata-notifyd: ") == true, "\(started)")
            #expect(FileManager.default.fileExists(atPath: keyFile(home).path))
        }
    }

    @Test("a locked login collection: the key falls back to the file, one line naming the lock, exit 0")
    func lockedLoginCollection() async throws {
        let session = try await PrivateSession(activation: true)
        try await withCleanUp(of: session, by: { await $0.stop() }) { session in
            // Unlocked once (which makes the login keyring), then stopped: the bus starts it again, locked.
            try await session.startKeyring()
            try await session.stopKeyring()
            try await expectFallBack(on: session, reason: "locked")
        }
    }

    @Test("STRATA_KEY_PLACE: file never asks the keyring, secret-service refuses a keyring that cannot take the key, a bad value names the choices")
    func userChoosesThePlace() async throws {
        let session = try await PrivateSession(activation: true)
        try await withCleanUp(of: session, by: { await $0.stop() }) { session in
            let add = ["reports", "add", "--patient-name", "Maren Quist", "--age", "40"]

            let strict = temporaryHome()
            let refused = try await host(strict, session, extra: ["STRATA_KEY_PLACE": "secret-service"]).run(add)
            #expect(refused.status != 0 && refused.stderrLines.count == 1, "\(refused)")
            #expect(
                refused.stderr.contains("STRATA_KEY_PLACE=secret-service") && refused.stderr.contains("collection/login"),
                "\(refused)")
            #expect(!FileManager.default.fileExists(atPath: keyFile(strict).path), "never a key file")
            let moved = try await host(strict, session, extra: ["STRATA_KEY_PLACE": "secret-service"]).run(["store", "key"])
            #expect(moved.status == 0 && moved.stdout.contains("There is no data key yet"), "\(moved)")

            let bad = try await host(temporaryHome(), session, extra: ["STRATA_KEY_PLACE": "keychain"]).run(add)
            #expect(bad.status != 0 && bad.stderrLines.count == 1, "\(bad)")
            #expect(bad.stderr.contains("STRATA_KEY_PLACE='keychain'") && bad.stderr.contains("auto, file, secret-service"), "\(bad)")

        }
        // With an unlocked login keyring on the bus, `file` still keeps it out.
        let unlocked = try await PrivateSession()
        try await withCleanUp(of: unlocked, by: { await $0.stop() }) { session in
            try await session.startKeyring()
            let add = ["reports", "add", "--patient-name", "Maren Quist", "--age", "40"]
            let plain = temporaryHome()
            let filed = try await host(plain, session, extra: ["STRATA_KEY_PLACE": "file"]).run(add)
            #expect(filed.status == 0 && filed.stderr.isEmpty, "\(filed)")
            #expect(try mode(keyFile(plain)) == 0o600)
            #expect(try await session.lookUp(home: plain) == nil)
            let toKeyring = try await host(plain, session, extra: ["STRATA_KEY_PLACE": "file"])
                .run(["store", "key", "--to", "secret-service"])
            #expect(toKeyring.status == 75 && toKeyring.stderr.contains("STRATA_KEY_PLACE=file"), "\(toKeyring)")
            #expect(try await session.lookUp(home: plain) == nil && FileManager.default.fileExists(atPath: keyFile(plain).path))
            let chosen = try await host(plain, session).run(["store", "key", "--show-location"])
            #expect(
                chosen.stdout.contains("The data key is in \(keyFile(plain).path).\n")
                    && chosen.stdout.contains("It is there because STRATA_KEY_PLACE=file chose it when the store was made."),
                "\(chosen)")

            // And `secret-service` with a keyring that takes it: the keyring, no file.
            let strict = temporaryHome()
            let kept = try await host(strict, session, extra: ["STRATA_KEY_PLACE": "secret-service"]).run(add)
            #expect(kept.status == 0 && kept.stderr.isEmpty, "\(kept)")
            let asked = try await host(strict, session, language: "ja_JP.UTF-8").run(["store", "key", "--show-location"])
            #expect(
                asked.stdout.contains("ストアの作成時に STRATA_KEY_PLACE=secret-service で選ばれたため、そこに置かれています。"), "\(asked)")
            #expect(try await session.lookUp(home: strict) != nil && !FileManager.default.fileExists(atPath: keyFile(strict).path))
        }
    }

    @Test("STRATA_KEY_PLACE=file with the key in the Secret Service: store key says where it is (exit 0); a move says to unset STRATA_KEY_PLACE")
    func fileWithTheKeyInTheKeyring() async throws {
        let session = try await PrivateSession()
        try await withCleanUp(of: session, by: { await $0.stop() }) { session in
            try await session.startKeyring()
            let home = temporaryHome()
            let added = try await host(home, session).run(["reports", "add", "--patient-name", "Maren Quist", "--age", "40"])
            #expect(added.status == 0 && added.stderr.isEmpty, "\(added)")
            #expect(try await session.lookUp(home: home) != nil)
            let filed = host(home, session, extra: ["STRATA_KEY_PLACE": "file"])
            let shown = try await filed.run(["store", "key"])
            #expect(shown.status == 0 && shown.stderr.isEmpty, "\(shown)")
            #expect(
                shown.stdout.contains("The data key is in the Secret Service") && shown.stdout.contains("STRATA_KEY_PLACE=file"),
                "\(shown)")
            for place in ["file", "secret-service"] {
                let moved = try await filed.run(["store", "key", "--to", place])
                #expect(moved.status == 75 && moved.stderrLines.count == 1, "\(place): \(moved)")
                #expect(moved.stderr.contains("unset STRATA_KEY_PLACE (or set it to auto) to move the key"), "\(place): \(moved)")
            }
            #expect(try await session.lookUp(home: home) != nil && !FileManager.default.fileExists(atPath: keyFile(home).path))
            // Unset, the move works.
            let toFile = try await host(home, session).run(["store", "key", "--to", "file"])
            #expect(toFile.status == 0 && toFile.stdout.contains("Moved the data key"), "\(toFile)")
        }
    }

    @Test("a STRATA_HOME that is a link finds the key kept for the real folder, both ways; a key gone is a miss, not a bus problem")
    func linkedHome() async throws {
        let session = try await PrivateSession()
        try await withCleanUp(of: session, by: { await $0.stop() }) { session in
            try await session.startKeyring()
            let real = temporaryHome()
            try FileManager.default.createDirectory(at: real, withIntermediateDirectories: true)
            let link = real.deletingLastPathComponent().appendingPathComponent("link")
            try FileManager.default.createSymbolicLink(at: link, withDestinationURL: real)

            let added = try await host(link, session).run(["reports", "add", "--patient-name", "Ottilie Brand", "--age", "33"])
            #expect(added.status == 0 && added.stderr.isEmpty, "\(added)")
            #expect(try await session.lookUp(home: real) != nil, "kept under the real folder's path")
            #expect(try await session.lookUp(home: link) == nil)
            for home in [link, real] {
                let listed = try await host(home, session).run(["reports", "list", "--json"])
                #expect(listed.status == 0 && listed.stdout.contains("Ottilie Brand"), "\(home.path): \(listed)")
                let shown = try await host(home, session).run(["store", "key"])
                #expect(
                    shown.status == 0 && shown.stdout.contains("The data key is in the Secret Service")
                        && shown.stdout.contains(real.path), "\(home.path): \(shown)")
            }

            // A key an earlier Strata kept under the link's own path is still found, and a move takes it away.
            let secretTool = try SystemTool.path("secret-tool", package: "libsecret-tools")
            let key = try #require(try await session.lookUp(home: real))
            let copied = try await SystemTool.run(
                "/bin/sh",
                ["-c", "printf %s \"$1\" | \"$2\" store --label=old xdg:schema dev.strata.DataKey container \"$3\"", "sh", key, secretTool, link.path],
                environment: session.environment, timeout: Patience.childProcess)
            #expect(copied.status == 0, "\(copied)")
            _ = try await SystemTool.run(secretTool, ["clear", "container", real.path], environment: session.environment, timeout: Patience.childProcess)
            let old = try await host(link, session).run(["reports", "list", "--json"])
            #expect(old.status == 0 && old.stdout.contains("Ottilie Brand"), "\(old)")
            let toFile = try await host(link, session).run(["store", "key", "--to", "file"])
            #expect(toFile.status == 0 && toFile.stdout.contains("Moved the data key"), "\(toFile)")
            #expect(try await session.lookUp(home: link) == nil && FileManager.default.fileExists(atPath: keyFile(real).path))
            let back = try await host(link, session).run(["store", "key", "--to", "secret-service"])
            #expect(back.status == 0, "\(back)")
            #expect(try await session.lookUp(home: real) == key, "the same key, now under the real folder's path")

            // The key removed from the keyring: a miss, said as one.
            let cleared = try await SystemTool.run(
                try SystemTool.path("secret-tool", package: "libsecret-tools"), ["clear", "container", real.path],
                environment: session.environment, timeout: Patience.childProcess)
            #expect(cleared.status == 0, "\(cleared)")
            let missing = try await host(link, session).run(["store", "key"])
            #expect(missing.status != 0 && missing.stderrLines.count == 1, "\(missing)")
            #expect(missing.stderr.contains("there is no key in the Secret Service"), "\(missing)")
            #expect(!missing.stderr.contains("DBUS_SESSION_BUS_ADDRESS") && !missing.stderr.contains("did not answer"), "\(missing)")
            let opened = try await host(link, session).run(["reports", "list", "--json"])
            #expect(opened.status != 0 && opened.stderr.contains("no key in the Secret Service"), "\(opened)")
            #expect(!FileManager.default.fileExists(atPath: keyFile(real).path), "no new key was made")
        }
    }
}
