import Dispatch
import Foundation
import Logging
@testable import StrataServerData
import StrataTestSupport
import Synchronization
import Testing

/// Opening SQLite storage waits for files, migrations and other processes creating the same
/// data directory: it runs on the storage's blocking queue, never on a thread of Swift's
/// cooperative pool (issue 27).
@Suite("SQLite server storage: opening off the cooperative pool")
struct SQLiteOpeningOffPoolTests {
    @Test("openers waiting for another process's folder lock leave the cooperative pool free, then all open")
    func waitingOpenersLeaveThePoolFree() async throws {
        let logger = Logger(label: "off-pool") { _ in SwiftLogNoOpLogHandler() }
        let directory = TemporaryRoot.directory("sqlite-off-pool")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        // More openers than the pool has threads: opening inline would take every one of them.
        let openers = ProcessInfo.processInfo.activeProcessorCount * 2 + 2
        let holder = FolderLockHolder(directory)
        try #require(holder.locked.wait(timeout: .now() + 60) == .success, "the test could not lock the folder")

        let opened = Task {
            try await withThrowingTaskGroup(of: Void.self) { group in
                for _ in 0..<openers {
                    group.addTask {
                        let data = try await ServerDataFactory.sqlite(directory: directory, logger: logger)
                        try await data.close()
                    }
                }
                try await group.waitForAll()
            }
        }
        // Checked from a thread of its own: with the pool taken, an async check could not run.
        let poolAnswered = await holder.probePoolThenRelease(after: .milliseconds(500), within: Patience.childProcess)

        #expect(poolAnswered, "a task on the cooperative pool did not run while the openers waited for the folder lock")
        try await opened.value
    }
}

/// Holds the data directory's creation lock (as another process opening it would) on a thread
/// of its own, until it has checked whether the cooperative pool still runs a task.
private final class FolderLockHolder: Sendable {
    let locked = DispatchSemaphore(value: 0)
    private let release = DispatchSemaphore(value: 0)
    private let answer = Mutex<CheckedContinuation<Bool, Never>?>(nil)

    init(_ directory: URL) {
        let thread = Thread { [self] in
            _ = try? SQLiteFileModes.withFolderLock(directory) {
                locked.signal()
                release.wait()
            }
        }
        thread.start()
    }

    /// After `delay` (the openers are queued on the lock by then), starts a task on the pool and
    /// waits up to `timeout` for it to run, from a plain thread; then releases the lock and
    /// answers whether the task ran.
    func probePoolThenRelease(after delay: Duration, within timeout: Duration) async -> Bool {
        await withCheckedContinuation { continuation in
            answer.withLock { $0 = continuation }
            let thread = Thread { [self] in
                usleep(useconds_t(delay.components.seconds * 1_000_000 + delay.components.attoseconds / 1_000_000_000_000))
                let ran = DispatchSemaphore(value: 0)
                Task.detached { ran.signal() }
                let seconds = Double(timeout.components.seconds)
                let result = ran.wait(timeout: .now() + seconds) == .success
                release.signal()
                answer.withLock { $0.take() }?.resume(returning: result)
            }
            thread.start()
        }
    }
}
