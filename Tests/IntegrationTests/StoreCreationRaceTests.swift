import Foundation
import StrataTestSupport
import Testing

/// Several processes starting on a brand-new `STRATA_HOME` at the same moment: creating the
/// container directory, the key folder, the key and the store is one race, and nobody loses it
/// with an error.
@Suite("store creation race", .childProcessSlot)
struct StoreCreationRaceTests {
    static let rounds = 30
    static let writers = 8

    @Test("8 writers and a reader on a fresh home, 30 rounds: every process succeeds and every report is kept")
    func concurrentFirstCreationNeverFails() async throws {
        var failures: [String] = []
        for round in 0..<Self.rounds {
            let home = temporaryHome()
            let host = StrataProcess("strata-host", home: home)
            let status = StrataProcess("strata-status", home: home)
            // Start everyone before waiting for anyone, so they race on the first creation.
            var running: [(String, StrataProcess.Running)] = []
            for writer in 0..<Self.writers {
                let arguments = ["reports", "add", "--patient-name", "round-\(round)-writer-\(writer)", "--age", "40"]
                running.append(("reports add #\(writer)", try host.start(arguments)))
            }
            running.append(("strata-status", try status.start(["--format", "json"])))
            for (name, process) in running {
                let outcome = await process.finish(within: Patience.childProcess)
                if outcome.status != 0 || !outcome.stderr.isEmpty {
                    failures.append("round \(round), \(name): \(outcome)")
                }
            }
            let stored = try SQLiteReader(home.appendingPathComponent("strata.sqlite").path)
                .integer(#"SELECT count(*) FROM "CaseReport""#)
            if stored != Self.writers { failures.append("round \(round): \(stored) reports stored, expected \(Self.writers)") }
        }
        #expect(failures.isEmpty, "\(failures.count) failures; first: \(failures.prefix(3).joined(separator: "\n"))")
    }
}
