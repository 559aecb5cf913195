import Foundation
import StrataTestSupport
import Synchronization
import Testing

/// Several `strata-host` processes writing the shared store at once lose nothing and never
/// show a lock error, while `strata-status` reads alongside.
@Suite("concurrent writers", .childProcessSlot)
struct ConcurrentWritersTests {
    static let writers = 4
    static let reportsPerWriter = 25

    @Test("4 writers adding 25 reports each at once: all 100 stored, no failure, no lock error")
    func concurrentWritersLoseNothing() async throws {
        let home = temporaryHome()
        let host = StrataProcess("strata-host", home: home)
        let status = StrataProcess("strata-status", home: home)
        // Create the store first so the writers race on inserts (creating it is tested elsewhere).
        _ = try await host.succeed(["reports", "list"])

        // Each writer is a task running its 25 `reports add` processes back to back, so four
        // processes write at any moment; a fifth task keeps running `strata-status` meanwhile.
        // Every task suspends while its child works: none holds a thread.
        let writersLeft = Remaining(Self.writers)
        let all = await withTaskGroup(of: [StrataProcess.Outcome].self) { group in
            for writer in 0..<Self.writers {
                group.addTask {
                    var outcomes: [StrataProcess.Outcome] = []
                    for index in 0..<Self.reportsPerWriter {
                        let arguments = ["reports", "add", "--patient-name", "writer-\(writer)-report-\(index)", "--age", "\(index)"]
                        outcomes.append(await Self.runOrRecord(host, arguments))
                    }
                    writersLeft.count.withLock { $0 -= 1 }
                    return outcomes
                }
            }
            group.addTask {
                var outcomes: [StrataProcess.Outcome] = []
                while writersLeft.count.withLock({ $0 > 0 }) {
                    outcomes.append(await Self.runOrRecord(status, ["--format", "json"]))
                }
                return outcomes
            }
            return await group.reduce(into: []) { $0 += $1 }
        }
        // No bound on the whole: a writer that hangs (a lock never released) is killed after
        // the shared patience and fails its status below, whatever the machine's speed.

        #expect(all.count > Self.writers * Self.reportsPerWriter, "the reader ran alongside the writers")
        for outcome in all {
            #expect(outcome.status == 0, "\(outcome)")
            #expect(!outcome.stderr.localizedCaseInsensitiveContains("locked"), "\(outcome)")
            #expect(!outcome.stderr.localizedCaseInsensitiveContains("busy"), "\(outcome)")
        }

        let listed = try await host.json(["reports", "list", "--page-size", "1000", "--json"]) as? [[String: Any]] ?? []
        let expected = Set(
            (0..<Self.writers).flatMap { writer in
                (0..<Self.reportsPerWriter).map { "writer-\(writer)-report-\($0)" }
            })
        #expect(listed.count == Self.writers * Self.reportsPerWriter)
        #expect(Set(listed.compactMap { $0["patientName"] as? String }) == expected)
        #expect(Set(listed.compactMap { $0["id"] as? String }).count == listed.count, "every report has its own id")
        let summary = try await status.json(["--format", "json"]) as? [String: Any]
        #expect(summary?["reports"] as? Int == Self.writers * Self.reportsPerWriter)
    }

    /// How many writers are still writing, shared by the writer tasks and the reader task.
    private final class Remaining: Sendable {
        let count: Mutex<Int>
        init(_ count: Int) { self.count = Mutex(count) }
    }

    /// Runs a process to the end; a failure to even start becomes a failed outcome.
    private static func runOrRecord(_ process: StrataProcess, _ arguments: [String]) async -> StrataProcess.Outcome {
        do {
            return try await process.run(arguments, timeout: Patience.childProcessSeconds)
        } catch {
            return StrataProcess.Outcome(status: -1, stdout: "", stderr: "could not start \(process.name): \(error)")
        }
    }
}
