import GRDB
import Synchronization

/// Group commit for one database file: write transactions that arrive while another is being
/// applied are applied together in the next SQLite transaction, each in a savepoint of its own,
/// and share its one `COMMIT` (at `synchronous = FULL`, one sync of the WAL for all of them).
///
/// Every caller is answered only once the commit that holds its writes returned: what the
/// server acknowledges is on the disk, as with a transaction of its own. A body that throws is
/// rolled back to its savepoint and fails alone; the others of its group commit. When the
/// commit fails, every body of the group fails with its error (nothing of them was written).
/// Bodies run one after another on the pool's writer, in the order they arrived, so each sees
/// the writes of those before it, as it would after their commits.
final class GroupCommit: Sendable {
    /// The most bodies one transaction applies: a bound on how long a group holds the writer.
    static let maxGroup = 16

    private struct State {
        var waiting: [Entry] = []
        var draining = false
    }

    private let state = Mutex(State())

    /// One body waiting for its group: ``run`` applies it in a savepoint on the writer (keeping
    /// its outcome), ``finish`` answers its caller once the group's commit returned.
    private struct Entry: Sendable {
        let run: @Sendable (Database) -> Outcome
        let finish: @Sendable (_ commitError: (any Error)?) -> Void
    }

    /// What applying a body did to the group's transaction.
    private enum Outcome {
        /// The body's writes are in the transaction (or it failed and was rolled back to its savepoint).
        case applied
        /// The body failed and SQLite rolled back the whole transaction with it (`SQLITE_FULL`,
        /// an I/O error): the bodies before it in the group are lost too.
        case transactionLost(any Error)
    }

    /// How many bodies wait for the next transaction (tests).
    var waitingCount: Int { state.withLock { $0.waiting.count } }

    /// Runs `body` in a write transaction of `pool`, possibly shared with other callers' (see
    /// ``GroupCommit``), and returns its result once that transaction committed.
    func write<T: Sendable>(_ pool: DatabasePool, _ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, any Error>) in
            let pending = Pending(body)
            let entry = Entry(
                run: { db in
                    guard let body = pending.take() else { return .applied }
                    do {
                        var value: T?
                        try db.inSavepoint {
                            value = try body(db)
                            return .commit
                        }
                        guard let value else { throw CancellationError() }
                        pending.keep(.success(value))
                        return .applied
                    } catch {
                        pending.keep(.failure(error))
                        return db.isInsideTransaction ? .applied : .transactionLost(error)
                    }
                },
                finish: { commitError in
                    // The body is let go before its caller resumes (``ServerDatabase/groupWrite(_:_:)``
                    // lends it with `withoutActuallyEscaping`, which checks that nothing holds it).
                    _ = pending.take()
                    let outcome = pending.outcome ?? .failure(commitError ?? CancellationError())
                    if let commitError, case .success = outcome {
                        continuation.resume(throwing: commitError)
                    } else {
                        continuation.resume(with: outcome)
                    }
                })
            let lead = state.withLock { state in
                state.waiting.append(entry)
                guard !state.draining else { return false }
                state.draining = true
                return true
            }
            // The first caller with nobody applying starts the drain; it ends when none is waiting.
            if lead { Task { await self.drain(pool) } }
        }
    }

    /// Applies the waiting bodies, a group per transaction, until none is waiting.
    private func drain(_ pool: DatabasePool) async {
        while true {
            let group: [Entry] = state.withLock { state in
                guard !state.waiting.isEmpty else {
                    state.draining = false
                    return []
                }
                let taken = Array(state.waiting.prefix(Self.maxGroup))
                state.waiting.removeFirst(taken.count)
                return taken
            }
            guard !group.isEmpty else { return }
            do {
                try await pool.write { db in
                    for entry in group {
                        if case .transactionLost(let error) = entry.run(db) { throw error }
                    }
                }
                for entry in group { entry.finish(nil) }
            } catch {
                for entry in group { entry.finish(error) }
            }
        }
    }

    /// A caller's body until it runs, then its outcome.
    private final class Pending<T: Sendable>: Sendable {
        private let state: Mutex<(body: (@Sendable (Database) throws -> T)?, outcome: Result<T, any Error>?)>

        init(_ body: @escaping @Sendable (Database) throws -> T) {
            state = Mutex((body, nil))
        }

        /// The body, once: later calls (and calls after ``keep(_:)``) get `nil`.
        func take() -> (@Sendable (Database) throws -> T)? {
            state.withLock { state in
                defer { state.body = nil }
                return state.body
            }
        }

        func keep(_ outcome: Result<T, any Error>) { state.withLock { $0.outcome = outcome } }

        var outcome: Result<T, any Error>? { state.withLock { $0.outcome } }
    }
}
