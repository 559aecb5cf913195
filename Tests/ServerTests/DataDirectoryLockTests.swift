import Foundation
import Logging
import StrataServerData
import StrataTestSupport
import Testing

/// The SQLite data directory's open lock (`.strata-open.lock`) is held only while something
/// has the directory open: an open that fails gives it back.
@Suite("server data: the data directory's lock")
struct DataDirectoryLockTests {
    static let logger = Logger(label: "strata-lock-test") { _ in SwiftLogNoOpLogHandler() }

    @Test("an open that fails on a damaged control.sqlite gives the lock back: a restore in the same process is not refused as in use")
    func failedOpenReleasesTheLock() async throws {
        // A good backup to restore from.
        let good = TemporaryRoot.directory("lock-good")
        let data = try await ServerDataFactory.sqlite(directory: good, logger: Self.logger)
        try await data.close()
        let backup = TemporaryRoot.directory("lock-backup").appendingPathComponent("backup", isDirectory: true)
        _ = try await ServerDataFactory.backup(database: nil, dataDirectory: good, to: backup, force: false, logger: Self.logger)

        // A data directory whose control database is not a database: opening it fails after the lock is taken.
        let damaged = TemporaryRoot.directory("lock-damaged")
        try FileManager.default.createDirectory(at: damaged, withIntermediateDirectories: true)
        try Data(repeating: 0x5A, count: 8192).write(to: damaged.appendingPathComponent("control.sqlite"))
        await #expect(throws: (any Error).self) {
            _ = try await ServerDataFactory.sqlite(directory: damaged, logger: Self.logger)
        }

        let restored = try await ServerDataFactory.restore(
            database: nil, dataDirectory: damaged, from: backup, force: true, logger: Self.logger)
        #expect(restored.contains("restored"), "restore said: \(restored)")
        let reopened = try await ServerDataFactory.sqlite(directory: damaged, logger: Self.logger)
        #expect(try await reopened.epoch() != nil)
        try await reopened.close()
    }
}
