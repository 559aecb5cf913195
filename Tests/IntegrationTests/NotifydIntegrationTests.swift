import Foundation
import StrataTestSupport
import Testing

/// `strata-notifyd` as a real child process on a temporary `STRATA_HOME`, next to the real
/// `strata-host` and `strata-status` on the same SQLite store.
@Suite("strata-notifyd end to end", .childProcessSlot, .serialized)
struct NotifydIntegrationTests {
    @Test("--once records good notifications once, reports duplicates and quarantines malformed files")
    func onceRecordsSkipsAndQuarantines() async throws {
        let home = temporaryHome()
        defer { try? FileManager.default.removeItem(at: home.deletingLastPathComponent()) }
        let host = StrataProcess("strata-host", home: home)
        let notifyd = StrataProcess("strata-notifyd", home: home)
        let reportID = try await lastLine(of: host.run(["reports", "add", "--patient-name", "Yamada", "--age", "44"]))
        let followUpID = try await lastLine(of: host.run(["follows", "add", "--report", reportID, "--date", "2026-11-22"]))

        let empty = try await notifyd.run(["--once"])
        #expect(empty.status == 0, "\(empty)")
        #expect(empty.stdout.isEmpty, "\(empty)")
        let inbox = Inbox(home: home)
        for folder in [inbox.root, inbox.tmp, inbox.new, inbox.cur, inbox.bad] {
            #expect(try mode(of: folder) == 0o700, "\(folder.path) must be owner-only")
        }

        let followUpDue = #"{"id": "n-1", "kind": "follow-up-due", "reportId": "\#(reportID)", "followUpId": "\#(followUpID)"}"#
        try inbox.drop("1-n1.json", followUpDue)
        try inbox.drop("2-n2.json", #"{"id": "n-2", "kind": "message", "title": "Lab results", "body": "Ready"}"#)
        try inbox.drop("3-n1-again.json", followUpDue)
        try inbox.drop("4-broken.json", #"{"id": "n-3", "kind": "#)
        try inbox.drop("5-no-id.json", #"{"kind": "message", "title": "Who?"}"#)
        try Data("{}".utf8).write(to: inbox.tmp.appendingPathComponent("6-half-written.json"))

        let pass = try await notifyd.run(["--once"])

        #expect(pass.status == 0, "\(pass)")
        let lines = pass.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 3, "\(pass)")
        let first = lines.first ?? ""
        #expect(first.hasPrefix("recorded n-1 follow-up-due: "), "\(pass)")
        #expect(first.contains("Yamada") && first.contains("2026-11-22"), "enriched: \(first)")
        #expect(lines.dropFirst().first == "recorded n-2 message: Lab results — Ready", "\(pass)")
        #expect(lines.last == "duplicate n-1 (already recorded)", "\(pass)")
        #expect(try inbox.names(in: inbox.new).isEmpty)
        #expect(try inbox.names(in: inbox.cur) == ["1-n1.json", "2-n2.json", "3-n1-again.json"])
        #expect(
            try inbox.names(in: inbox.bad) == ["4-broken.json", "4-broken.json.reason", "5-no-id.json", "5-no-id.json.reason"])
        #expect(try inbox.names(in: inbox.tmp) == ["6-half-written.json"])
        let reason = try String(contentsOf: inbox.bad.appendingPathComponent("5-no-id.json.reason"), encoding: .utf8)
        #expect(reason.contains("5-no-id.json") && reason.contains("id"), "\(reason)")
        #expect(reason.contains("quarantined-at: "), "\(reason)")
        #expect(pass.stderr.contains("4-broken.json") && pass.stderr.contains("5-no-id.json"), "warnings: \(pass)")

        try inbox.drop("7-n2-again.json", #"{"id": "n-2", "kind": "message", "title": "Lab results"}"#)
        let again = try await notifyd.run(["--once"])
        #expect(again.status == 0, "\(again)")
        #expect(again.stdout == "duplicate n-2 (already recorded)\n", "\(again)")

        let status = try await StrataProcess("strata-status", home: home).run(["--format", "json"])
        #expect(status.status == 0, "\(status)")
        let summary = try JSONSerialization.jsonObject(with: Data(status.stdout.utf8)) as? [String: Any]
        #expect(summary?["unreadNotifications"] as? Int == 2, "one record per id: \(status)")
    }

    @Test(
        "as a daemon it picks up a dropped file within seconds and exits 0 on the signal",
        arguments: [SIGTERM, SIGINT])
    func daemonProcessesAndStopsOnSignal(signal: Int32) async throws {
        let home = temporaryHome()
        defer { try? FileManager.default.removeItem(at: home.deletingLastPathComponent()) }
        let notifyd = StrataProcess("strata-notifyd", home: home, extraEnvironment: ["STRATA_LOG_LEVEL": "info"])
        let running = try notifyd.start(["--poll-interval", "0.05"])
        let started = await eventually(within: Patience.childProcess) { running.stderr.snapshot().contains("started") }
        #expect(started, "never started: \(running.stderr.snapshot())")
        let inbox = Inbox(home: home)

        try inbox.drop("n-live.json", #"{"id": "n-live", "kind": "message", "title": "Live"}"#)

        let delivered = await eventually(within: Patience.childProcess) { running.stdout.snapshot().contains("recorded n-live message: Live") }
        #expect(delivered, "not processed within \(Patience.childProcess): \(running.stdout.snapshot())")
        // The line is printed before the file moves to cur/: wait for the move too.
        let moved = await eventually(within: Patience.childProcess) { try inbox.names(in: inbox.cur) == ["n-live.json"] }
        #expect(moved, "n-live.json never reached cur/")
        running.signal(signal)
        let outcome = await running.finish(within: Patience.childProcess)
        #expect(outcome.status == 0, "\(outcome)")
        #expect(outcome.stderr.contains("stopped"), "\(outcome)")
    }

    @Test(
        "a bad start-up setting is one line on standard error and a non-zero exit",
        arguments: [
            (["STRATA_LOG_LEVEL": "loud"], ["--once"], "STRATA_LOG_LEVEL"),
            (["STRATA_HOME": "relative/home"], ["--once"], "STRATA_HOME"),
            ([:], ["--once", "--poll-interval", "0"], "--poll-interval"),
        ])
    func badStartupIsOneLine(environment: [String: String], arguments: [String], named: String) async throws {
        let home = temporaryHome()
        defer { try? FileManager.default.removeItem(at: home.deletingLastPathComponent()) }

        let outcome = try await StrataProcess("strata-notifyd", home: home, extraEnvironment: environment).run(arguments)

        #expect(outcome.status != 0, "\(outcome)")
        #expect(outcome.stderrLines.count == 1, "\(outcome)")
        #expect(outcome.stderr.hasPrefix("strata-notifyd: ") && outcome.stderr.contains(named), "\(outcome)")
        #expect(outcome.stdout.isEmpty, "\(outcome)")
    }

    @Test(
        "a start that fails after the desktop was looked at (the inbox path is a file) is the error line alone; the desktop notice is said only once the daemon runs",
        arguments: [["--once"], ["--poll-interval", "0.05"]])
    func failedStartIsOneLine(arguments: [String]) async throws {
        let home = temporaryHome()
        defer { try? FileManager.default.removeItem(at: home.deletingLastPathComponent()) }
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        let inbox = home.appendingPathComponent("inbox")
        try Data("not a folder\n".utf8).write(to: inbox)

        let outcome = try await StrataProcess("strata-notifyd", home: home).run(arguments)

        #expect(outcome.status == 1, "\(outcome)")
        #expect(outcome.stderrLines.count == 1, "\(outcome)")
        #expect(outcome.stderr.hasPrefix("strata-notifyd: ") && outcome.stderr.contains(inbox.path), "\(outcome)")
        #expect(!outcome.stderr.contains("desktop notifications are off"), "\(outcome)")
        #expect(outcome.stdout.isEmpty, "\(outcome)")

        // Once the inbox is usable, the same start runs and says the notice (no session bus here).
        try FileManager.default.removeItem(at: inbox)
        let ran = try await StrataProcess("strata-notifyd", home: home).run(["--once"])
        #expect(ran.status == 0, "\(ran)")
        #expect(ran.stderrLines.count == 1 && ran.stderr.contains("desktop notifications are off"), "\(ran)")
    }
}

/// The inbox of a test's `STRATA_HOME`, written to as a sender must: into `tmp/`, renamed into `new/`.
struct Inbox {
    let root: URL
    init(home: URL) { root = home.appendingPathComponent("inbox", isDirectory: true) }
    var tmp: URL { root.appendingPathComponent("tmp", isDirectory: true) }
    var new: URL { root.appendingPathComponent("new", isDirectory: true) }
    var cur: URL { root.appendingPathComponent("cur", isDirectory: true) }
    var bad: URL { root.appendingPathComponent("bad", isDirectory: true) }

    func drop(_ name: String, _ text: String) throws {
        try FileManager.default.createDirectory(at: tmp, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: new, withIntermediateDirectories: true)
        let temporary = tmp.appendingPathComponent(name)
        try Data(text.utf8).write(to: temporary)
        try FileManager.default.moveItem(at: temporary, to: new.appendingPathComponent(name))
    }

    func names(in folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    }
}

/// The last non-empty line a successful run printed (an id, for `add` commands).
private func lastLine(of outcome: StrataProcess.Outcome) throws -> String {
    let line = outcome.stdout.split(separator: "\n").last.map(String.init)?.trimmingCharacters(in: .whitespaces)
    guard outcome.status == 0, let line, !line.isEmpty else {
        throw OutcomeError(description: "expected an id on standard output: \(outcome)")
    }
    return line
}

private struct OutcomeError: Error, CustomStringConvertible {
    let description: String
}

/// The permission bits of `url`.
private func mode(of url: URL) throws -> Int16 {
    let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
    return ((attributes[.posixPermissions] as? NSNumber)?.int16Value ?? 0) & 0o777
}
