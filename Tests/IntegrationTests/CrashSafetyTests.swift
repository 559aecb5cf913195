import Foundation
import StrataTestSupport
import Testing

/// Kills a writer with SIGKILL at random moments and checks nothing it reported committed is
/// lost, nothing half-written shows, every surviving change is in the journal, and SQLite's
/// integrity check passes.
@Suite("Crash safety: SIGKILL at random moments", .childProcessSlot)
struct CrashSafetyTests {
    /// What the writers reported: the last committed operation of each object.
    struct Reported {
        var live: [String: Int] = [:]
        var deleted: Set<String> = []

        mutating func apply(_ line: Substring) {
            let parts = line.split(separator: " ")
            guard parts.count == 3, let sequence = Int(parts[2]) else { return }
            let id = String(parts[1])
            switch parts[0] {
            case "I", "U":
                live[id] = sequence
                deleted.remove(id)
            case "X":
                // A delete is about to commit: from here the object may or may not exist.
                live[id] = nil
            case "D":
                live[id] = nil
                deleted.insert(id)
            default: break
            }
        }
    }

    @Test("50 kills: every reported commit survives with its journal entry; integrity_check is ok")
    func killedWritersLoseNothing() async throws {
        let home = temporaryHome()
        let writer = StrataProcess("strata-crash-writer", home: home)
        var reported = Reported()
        var generator = SystemRandomNumberGenerator()
        for run in 1...50 {
            let running = try writer.start(["write", "\(run)"])
            // Start the random delay only once the writer commits, so a slow start-up on a
            // loaded machine still leaves commits to kill in the middle of.
            _ = await eventually(within: Patience.childProcess, every: .milliseconds(5)) { running.stdout.snapshot().contains("\n") }
            try await Task.sleep(for: .microseconds(UInt32.random(in: 5_000...100_000, using: &generator)))  // the kill lands at a random moment: under test
            running.signal(SIGKILL)
            let outcome = await running.finish(within: Patience.childProcess)
            #expect(outcome.status == SIGKILL || outcome.stderr.isEmpty, "run \(run): \(outcome)")
            // Only whole lines count: a line cut by the kill was never fully reported.
            let text = outcome.stdout
            let complete = text.hasSuffix("\n") ? Substring(text) : text[..<(text.lastIndex(of: "\n") ?? text.startIndex)]
            for line in complete.split(separator: "\n") { reported.apply(line) }
        }
        #expect(reported.live.count + reported.deleted.count > 50, "the writers committed too little to prove anything")

        let check = try await writer.run(["check"])
        #expect(check.status == 0, "\(check)")
        var rows: [String: (sequence: Int, payload: String)] = [:]
        var journal: [String: [(operation: String, sequence: Int)]] = [:]
        var integrity: [String] = []
        for line in check.stdout.split(separator: "\n") {
            let parts = line.split(separator: " ").map(String.init)
            switch parts.first {
            case "R": rows[parts[1]] = (Int(parts[2]) ?? -1, parts[3])
            case "J": journal[parts[1], default: []].append((parts[2], Int(parts[3]) ?? -1))
            case "INTEGRITY": integrity.append(parts.dropFirst().joined(separator: " "))
            default: break
            }
        }
        #expect(integrity == ["ok"])
        for (id, row) in rows {
            #expect(row.payload == "payload-\(row.sequence)", "half-written row \(id)")
            let changes = journal[id] ?? []
            #expect(changes.count == 1 && changes[0].operation == "insert", "row \(id) without its one coalesced insert: \(changes)")
            #expect(changes.first?.sequence == row.sequence, "journal values of \(id) differ from the row")
        }
        for (id, sequence) in reported.live {
            let row = try #require(rows[id], "reported object \(id) is missing")
            #expect(row.sequence >= sequence, "\(id) went back in time: \(row.sequence) < \(sequence)")
        }
        for id in reported.deleted {
            #expect(rows[id] == nil, "deleted object \(id) came back")
            #expect(journal[id] == nil, "an insert then a delete must leave nothing to send for \(id)")
        }
    }
}
