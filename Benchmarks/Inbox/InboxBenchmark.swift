import CSQLite
import Foundation

/// The real `strata-notifyd --once` draining an inbox of N notification files, as a child
/// process on a fresh container directory per run, then checked: every file in `cur/`, every
/// notification in the store once.
struct InboxBenchmark {
    /// A failed step.
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// The strata-notifyd to run.
    let notifyd: String
    /// Files per run.
    let files: Int
    /// A scratch folder for the container directories.
    let scratch: URL

    /// One run's figures.
    struct Run {
        /// The whole `--once` run, start-up included.
        var seconds: Double
        /// An empty `--once` run on the same container (start-up and shutdown only).
        var startupSeconds: Double

        /// Files per second over the whole run.
        func rate(_ files: Int) -> Double { Double(files) / seconds }
        /// Files per second once started (the empty run's time taken off).
        func drainRate(_ files: Int) -> Double { Double(files) / max(seconds - startupSeconds, 1e-9) }
    }

    /// Prepares a container, drops the files as a sender must (written in `tmp/`, renamed into
    /// `new/`), times `--once`, and checks that nothing was lost.
    func run(_ index: Int) throws -> Run {
        let home = scratch.appendingPathComponent("run-\(index)", isDirectory: true)
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: home) }
        let environment = ["STRATA_HOME": home.path, "PATH": "/usr/bin:/bin", "STRATA_LOG_LEVEL": "error"]
        // The first run creates the store and the inbox; the second times an empty pass.
        _ = try once(environment)
        let startup = try once(environment)
        let inbox = home.appendingPathComponent("inbox", isDirectory: true)
        for number in 0..<files {
            let name = String(format: "%010d-n%d.json", number, number)
            let body = #"{"id": "n-\#(number)", "kind": "message", "title": "Message \#(number)", "body": "Ward round at 3 pm"}"#
            let temporary = inbox.appendingPathComponent("tmp/\(name)")
            try Data(body.utf8).write(to: temporary)
            guard rename(temporary.path, inbox.appendingPathComponent("new/\(name)").path) == 0 else {
                throw Failure(description: "rename into new/: \(String(cString: strerror(errno)))")
            }
        }
        let seconds = try once(environment)
        let left = try FileManager.default.contentsOfDirectory(atPath: inbox.appendingPathComponent("new").path).count
        let filed = try FileManager.default.contentsOfDirectory(atPath: inbox.appendingPathComponent("cur").path).count
        let recorded = try countNotifications(home.appendingPathComponent("strata.sqlite").path)
        guard left == 0, filed == files, recorded == files else {
            throw Failure(description: "lost something: \(left) left in new/, \(filed) in cur/, \(recorded) recorded (expected \(files))")
        }
        return Run(seconds: seconds, startupSeconds: startup)
    }

    /// Runs `strata-notifyd --once` and returns its wall-clock seconds.
    private func once(_ environment: [String: String]) throws -> Double {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: notifyd)
        process.arguments = ["--once"]
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        let start = ContinuousClock.now
        try process.run()
        process.waitUntilExit()
        let elapsed = ContinuousClock.now - start
        guard process.terminationStatus == 0 else {
            throw Failure(description: "strata-notifyd --once exited \(process.terminationStatus)")
        }
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }

    /// The notification rows in the store (read with the C API: what survived is what counts).
    private func countNotifications(_ path: String) throws -> Int {
        var db: OpaquePointer?
        guard sqlite3_open_v2(path, &db, SQLITE_OPEN_READONLY, nil) == SQLITE_OK, let db else {
            throw Failure(description: "cannot open \(path)")
        }
        defer { sqlite3_close(db) }
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(db, #"SELECT count(*) FROM "NotificationRecord""#, -1, &statement, nil) == SQLITE_OK,
            let statement
        else { throw Failure(description: String(cString: sqlite3_errmsg(db))) }
        defer { sqlite3_finalize(statement) }
        guard sqlite3_step(statement) == SQLITE_ROW else { throw Failure(description: String(cString: sqlite3_errmsg(db))) }
        return Int(sqlite3_column_int64(statement, 0))
    }
}
