import Foundation
import StrataTestSupport
import Testing

/// Hostile input against the real executables: what reaches the user's terminal, and what
/// the one error line says.
@Suite("hostile input, end to end", .childProcessSlot)
struct HostileInputIntegrationTests {
    @Test("a patient name with ESC is refused; nothing printed holds a raw ESC byte")
    func escapeSequenceNeverReachesTheTerminal() async throws {
        let host = StrataProcess("strata-host", home: temporaryHome())
        let added = try await host.run(["reports", "add", "--patient-name", "\u{1B}[2J\u{1B}[HSato", "--age", "40"])
        #expect(added.status == 1, "\(added)")
        #expect(added.stderrLines.count == 1, "\(added)")
        #expect(added.stderr.contains("patientName holds the control character U+001B (ESC)"), "\(added)")
        #expect(!added.stderr.utf8.contains(0x1B) && !added.stdout.utf8.contains(0x1B))
        let listed = try await host.run(["reports", "list"])
        #expect(listed.status == 0, "\(listed)")
        #expect(!listed.stdout.utf8.contains(0x1B), "\(listed)")
        let missing = try await host.run(["reports", "show", "no\u{1B}]0;pwned\u{07}"])
        #expect(missing.status == 64 && !missing.stderr.utf8.contains(0x1B) && !missing.stderr.utf8.contains(0x07), "\(missing)")
    }

    @Test("--age -1 is one line naming the option and saying a negative value is not allowed, exit 64")
    func negativeAge() async throws {
        let outcome = try await StrataProcess("strata-host", home: temporaryHome())
            .run(["reports", "add", "--patient-name", "X", "--age", "-1"])
        #expect(outcome.status == 64, "\(outcome)")
        #expect(outcome.stderr == "strata-host: --age -1: a negative value is not allowed; expected 0 to 150 (years)\n")
    }

    @Test("strata-notifyd --poll-interval -1 is one line naming the option and the negative value, exit 64")
    func negativePollInterval() async throws {
        let outcome = try await StrataProcess("strata-notifyd", home: temporaryHome()).run(["--poll-interval", "-1"])
        #expect(outcome.status == 64, "\(outcome)")
        #expect(outcome.stderr.hasPrefix("strata-notifyd: --poll-interval -1.0: a negative value is not allowed"), "\(outcome)")
    }

    @Test("STRATA_HOME under a file says 'not a directory' and names the file; no Foundation error code")
    func homeUnderAFile() async throws {
        let base = temporaryHome().deletingLastPathComponent()
        try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
        let file = base.appendingPathComponent("a-file")
        try Data("x".utf8).write(to: file)
        let outcome = try await StrataProcess("strata-host", home: file.appendingPathComponent("strata")).run(["reports", "list"])
        #expect(outcome.status == 1, "\(outcome)")
        #expect(outcome.stderrLines.count == 1, "\(outcome)")
        #expect(outcome.stderr.contains("not a directory (\(file.path) is a file)"), "\(outcome)")
        #expect(!outcome.stderr.contains("NSCocoaErrorDomain"), "\(outcome)")
    }

    /// A read-only STRATA_HOME: owner-only read and execute for an ordinary user; for root (to
    /// whom permission bits do not apply) a read-only tmpfs mounted over it in a private mount
    /// namespace (`unshare -m`).
    @Test("a read-only STRATA_HOME is one line saying read-only and naming the directory")
    func readOnlyHome() async throws {
        let home = temporaryHome()
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        let strataHost = StrataProcess.executable("strata-host").path
        let process = Process()
        if getuid() == 0 {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/unshare")
            process.arguments = [
                "-m", "/bin/sh", "-c", #"mount -t tmpfs -o ro strata-ro "$STRATA_HOME" && exec "$0" reports list"#,
                strataHost,
            ]
        } else {
            try FileManager.default.setAttributes([.posixPermissions: 0o500], ofItemAtPath: home.path)
            process.executableURL = URL(fileURLWithPath: strataHost)
            process.arguments = ["reports", "list"]
        }
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: home.path) }
        process.environment = StrataProcess("strata-host", home: home).environment
        let outcome = try await StrataProcess.start(process).finish()
        let stderr = outcome.stderr
        #expect(outcome.status == 1, "\(stderr)")
        #expect(stderr.split(separator: "\n").count == 1, "\(stderr)")
        #expect(stderr.contains("\(home.path) cannot be written to"), "\(stderr)")
        #expect(stderr.contains("read-only"), "\(stderr)")
        #expect(!stderr.contains("unable to open database file"), "\(stderr)")
    }
}
