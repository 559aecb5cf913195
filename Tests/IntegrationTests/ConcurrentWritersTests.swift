import Foundation
import StrataTestSupport
import Synchronization
import Testing

/// Several `strata-host` processes writing the shared store at once lose nothing and never
/// show a lock error, while `strata-status` reads alongside.
@Suite("concurrent writers")
struct ConcurrentWritersTests {
    static let writers = 4
    static let reportsPerWriter = 25

    @Test("4 writers adding 25 reports each at once: all 100 stored, no failure, no lock error")
    func concurrentWritersLoseNothing() throws {
        let home = temporaryHome()
        let host = StrataProcess("strata-host", home: home)
        let status = StrataProcess("strata-status", home: home)
        // Create the store first so the writers race on inserts (creating it is tested elsewhere).
        _ = try host.succeed(["reports", "list"])

        // Each writer is a thread running its 25 `reports add` processes back to back, so four
        // processes write at any moment; a fifth thread keeps running `strata-status` meanwhile.
        let outcomes = Mutex<[StrataProcess.Outcome]>([])
        let writersLeft = Mutex(Self.writers)
        let group = DispatchGroup()
        for writer in 0..<Self.writers {
            group.enter()
            Thread.detachNewThread {
                defer {
                    writersLeft.withLock { $0 -= 1 }
                    group.leave()
                }
                for index in 0..<Self.reportsPerWriter {
                    let arguments = ["reports", "add", "--patient-name", "writer-\(writer)-report-\(index)", "--age", "\(index)"]
                    let outcome = Self.runOrRecord(host, arguments)
                    outcomes.withLock { $0.append(outcome) }
                }
            }
        }
        group.enter()
        Thread.detachNewThread {
            defer { group.leave() }
            while writersLeft.withLock({ $0 > 0 }) {
                let outcome = Self.runOrRecord(status, ["--format", "json"])
                outcomes.withLock { $0.append(outcome) }
            }
        }
        #expect(group.wait(timeout: .now() + 300) == .success, "writers did not finish within 5 minutes")

        let all = outcomes.withLock { $0 }
        #expect(all.count > Self.writers * Self.reportsPerWriter, "the reader ran alongside the writers")
        for outcome in all {
            #expect(outcome.status == 0, "\(outcome)")
            #expect(!outcome.stderr.localizedCaseInsensitiveContains("locked"), "\(outcome)")
            #expect(!outcome.stderr.localizedCaseInsensitiveContains("busy"), "\(outcome)")
        }

        let listed = try host.json(["reports", "list", "--page-size", "1000", "--json"]) as? [[String: Any]] ?? []
        let expected = Set(
            (0..<Self.writers).flatMap { writer in
                (0..<Self.reportsPerWriter).map { "writer-\(writer)-report-\($0)" }
            })
        #expect(listed.count == Self.writers * Self.reportsPerWriter)
        #expect(Set(listed.compactMap { $0["patientName"] as? String }) == expected)
        #expect(Set(listed.compactMap { $0["id"] as? String }).count == listed.count, "every report has its own id")
        let summary = try status.json(["--format", "json"]) as? [String: Any]
        #expect(summary?["reports"] as? Int == Self.writers * Self.reportsPerWriter)
    }

    /// Runs a process to the end; a failure to even start becomes a failed outcome.
    private static func runOrRecord(_ process: StrataProcess, _ arguments: [String]) -> StrataProcess.Outcome {
        do {
            return try process.run(arguments, timeout: 60)
        } catch {
            return StrataProcess.Outcome(status: -1, stdout: "", stderr: "could not start \(process.name): \(error)")
        }
    }
}
