import Dispatch
import Foundation
import GRDB
@testable import StrataServerData
import StrataTestSupport
import Synchronization
import Testing

/// Group commit (issue 29): pushes that arrive while another is applied share its next commit
/// (one sync of the WAL), and each is still answered only for what that commit holds.
@Suite("group commit: concurrent writes of one database share a commit, each failing alone")
struct GroupCommitTests {
    /// An app version's database with a table `t (n)`, and the data layer to close.
    private static func database(_ name: String) async throws -> (ServerDatabase, SQLiteServerData) {
        let data = try await SQLiteServerData.open(directory: TemporaryRoot.directory(name), logger: ServerScenario.logger)
        let database = try #require(try await data.appStore(appId: "org.example.group", version: "1") as? SQLiteAppStore).database
        try await database.write("creating t") { db in try db.execute(sql: "CREATE TABLE t (n INTEGER NOT NULL)") }
        return (database, data)
    }

    /// Counts the commits of a database.
    private final class CommitCounter: TransactionObserver, Sendable {
        let commits = Mutex(0)
        func observes(eventsOfKind eventKind: DatabaseEventKind) -> Bool { true }
        func databaseDidChange(with event: DatabaseEvent) {}
        func databaseDidCommit(_ db: Database) { commits.withLock { $0 += 1 } }
        func databaseDidRollback(_ db: Database) {}
    }

    private struct Refused: Error {}

    @Test("of writes sent at once, the one that throws is rolled back alone; every other one's row is committed")
    func failingWriteIsRolledBackAlone() async throws {
        let (database, data) = try await Self.database("group-commit-failing")
        let answers = try await withThrowingTaskGroup(of: (Int, Bool).self) { group in
            for n in 0..<20 {
                group.addTask {
                    do {
                        try await database.groupWrite("inserting \(n)") { db in
                            try db.execute(sql: "INSERT INTO t (n) VALUES (?)", arguments: [n])
                            if n == 7 { throw Refused() }
                        }
                        return (n, true)
                    } catch {
                        return (n, false)
                    }
                }
            }
            return try await group.reduce(into: [Int: Bool]()) { $0[$1.0] = $1.1 }
        }
        #expect(answers.filter { !$0.value }.map(\.key) == [7])
        let stored = try await database.read("reading t") { db in try Int.fetchAll(db, sql: "SELECT n FROM t ORDER BY n") }
        #expect(stored == (0..<20).filter { $0 != 7 })
        try await data.close()
    }

    @Test("writes that arrive while another is applied are committed together in the next transaction, each answered after it")
    func waitingWritesShareOneCommit() async throws {
        let (database, data) = try await Self.database("group-commit-shared")
        let counter = CommitCounter()
        database.pool.add(transactionObserver: counter, extent: .observerLifetime)
        let release = DispatchSemaphore(value: 0)
        let started = CommitCounter()
        // The first write holds the writer (GRDB's thread, never the cooperative pool) until five more wait.
        async let first: Void = database.groupWrite("holding the writer") { db in
            try db.execute(sql: "INSERT INTO t (n) VALUES (0)")
            started.commits.withLock { $0 = 1 }
            release.wait()
        }
        while started.commits.withLock({ $0 }) == 0 { await Task.yield() }
        let waiting = Task {
            try await withThrowingTaskGroup(of: Void.self) { group in
                for n in 1...5 {
                    group.addTask {
                        try await database.groupWrite("inserting \(n)") { db in
                            try db.execute(sql: "INSERT INTO t (n) VALUES (?)", arguments: [n])
                        }
                    }
                }
                try await group.waitForAll()
            }
        }
        while database.commits.waitingCount < 5 { await Task.yield() }
        let before = counter.commits.withLock { $0 }
        release.signal()
        try await first
        try await waiting.value
        // The first write's commit, then one for the five.
        #expect(counter.commits.withLock { $0 } - before == 2)
        let stored = try await database.read("reading t") { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM t") }
        #expect(stored == 6)
        try await data.close()
    }
}
