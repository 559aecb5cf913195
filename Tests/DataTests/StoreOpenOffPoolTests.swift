import Foundation
import Logging
import StrataCrossCutting
import StrataTestSupport
import Synchronization
import Testing

@testable import StrataData
import StrataMaintenance

/// Opening a store, checking it and backing it up may wait a long time (another process's lock,
/// up to the 15 s busy timeout; the busy retry sleeps). That waiting happens on the database's
/// or the maintenance's own queue, never on the caller's thread (a thread of Swift's cooperative
/// pool), so a locked store never stalls the rest of the process.
@Suite("store work that waits stays off the cooperative pool")
struct StoreOpenOffPoolTests {
    /// Enough waiting calls that one blocking its caller's thread is certain to be among them.
    private static let callers = 10

    @Test("while a locked store holds back many opens, watchers, checks and backups, other async work still runs at once")
    func lockedStoreDoesNotStarveThePool() async throws {
        let container = temporaryContainer()
        try container.prepare()
        // The store is made before the lock is taken (its connection closes once the database's
        // queue has let go of it: the switch below polls for that).
        let notices = SQLiteChangeNotices(
            database: try await SQLiteDatabase.open(
                container: container, mode: .readWrite, logger: quietLogger, clock: SystemClock()))
        // Another process's exclusive lock on the file in rollback-journal mode: every reader and
        // writer waits for it (up to the busy timeout), the open's format check first of all.
        let holder = try SQLiteConnection(path: container.storeURL.path, access: .readWrite)
        let switched = await eventually {
            try holder.withStatement("PRAGMA journal_mode = DELETE") { statement in
                _ = try statement.step()
                return statement.text(at: 0) == "delete"
            }
        }
        try #require(switched, "the lock must hold readers back too")
        try holder.execute("BEGIN EXCLUSIVE")

        let maintenance = DataLayerFactory.maintenance(container: container, logger: quietLogger)
        let done = Tally()
        // The callers and the probe below run on one thread of their own (a serial lane), as they
        // would on a pool thread, but no other test can keep it busy: in the whole suite's run the
        // shared pool is so loaded at the start (every test sets up at once) that a trivial task
        // on it once waited 21.9 s, longer than the busy timeout. A call that waited on its
        // caller's thread would hold this one until the busy timeout ended it.
        let callersThread = BlockingLane(label: "strata.test.callers")
        try await withTaskExecutorPreference(callersThread) {
            try await withThrowingTaskGroup(of: Void.self) { group in
                // The waiting calls are queued first: had they blocked their caller's thread, the
                // probe below could not start before the busy timeout ended one of them.
                for index in 0..<Self.callers {
                    group.addTask {
                        switch index % 5 {
                        case 0: _ = try await DataLayerFactory.live(container: container, logger: quietLogger)
                        case 1: _ = try await DataLayerFactory.readOnly(container: container, logger: quietLogger)
                        case 2: _ = try await maintenance.check(quick: true)
                        case 3: _ = await notices.changes(of: [])
                        default:
                            let file = container.url.appendingPathComponent("backup-\(index).sqlite")
                            _ = try await maintenance.backup(to: file, overwrite: false)
                        }
                        done.add()
                    }
                }
                let start = ContinuousClock.now
                let answer = await Task(executorPreference: callersThread) { 6 * 7 }.value
                let waited = ContinuousClock.now - start
                #expect(answer == 42)
                #expect(done.count == 0, "the lock held every call back meanwhile")
                // A call that blocked its caller's thread would hold it for the whole busy timeout
                // (15 s); off it the probe runs within milliseconds.
                #expect(waited < .seconds(10), "a trivial task waited \(waited) for the callers' thread")
                try holder.execute("COMMIT")
                try await group.waitForAll()
            }
        }
        #expect(done.count == Self.callers, "every call went on once the lock was released")
    }

    @Test("the caller's thread is no database queue; work run on one is")
    func queueIdentity() async throws {
        #expect(!BlockingLane.isCurrent)
        #expect(await BlockingLane(label: "strata.test").run { BlockingLane.isCurrent })
    }
}

/// A count that concurrent tasks add to.
private final class Tally: Sendable {
    private let value = Atomic(0)

    var count: Int { value.load(ordering: .relaxed) }

    func add() { value.add(1, ordering: .relaxed) }
}
