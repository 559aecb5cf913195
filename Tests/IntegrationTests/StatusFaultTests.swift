import Foundation
import StrataTestSupport
import Testing

/// `strata-status` on a misconfigured container: one line naming the path and the fault,
/// exit 1 — never an empty status that looks fine.
@Suite("strata-status faults, end to end", .childProcessSlot)
struct StatusFaultTests {
    @Test("STRATA_HOME naming a regular file (or a path under one) fails naming it, exit 1")
    func homeThatIsAFileFails() async throws {
        let file = TemporaryRoot.directory("strata-home-file")
        try Data("not a folder".utf8).write(to: file)
        for home in [file, file.appendingPathComponent("strata")] {
            let outcome = try await StrataProcess("strata-status", home: home).run([])
            #expect(outcome.status == 1, "\(outcome)")
            #expect(outcome.stdout.isEmpty, "\(outcome)")
            #expect(outcome.stderrLines.count == 1 && outcome.stderr.contains(home.path), "\(outcome)")
            #expect(outcome.stderr.contains("not a directory"), "\(outcome)")
        }
        #expect(try String(contentsOf: file, encoding: .utf8) == "not a folder")
    }

    @Test("a store whose data key is missing fails naming the key, exit 1")
    func missingKeyFails() async throws {
        let home = temporaryHome()
        _ = try await StrataProcess("strata-host", home: home).succeed(["reports", "add", "--patient-name", "Someone", "--age", "40"])
        let key = home.appendingPathComponent("keys/data.key")
        try FileManager.default.removeItem(at: key)
        let outcome = try await StrataProcess("strata-status", home: home).run(["--format", "json"])
        #expect(outcome.status == 1, "\(outcome)")
        #expect(outcome.stdout.isEmpty, "\(outcome)")
        #expect(outcome.stderrLines.count == 1 && outcome.stderr.contains(key.path) && outcome.stderr.contains("missing"), "\(outcome)")
        #expect(!FileManager.default.fileExists(atPath: key.path), "strata-status never makes a key")
    }
}
