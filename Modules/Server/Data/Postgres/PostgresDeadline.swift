import Logging
import PostgresNIO
import Synchronization

/// A bound on one wait for PostgreSQL: the operation's answer, or a failure once `limit` has
/// passed or the connection it runs on is closed, whichever comes first.
///
/// A statement on a connection whose server went away can wait for ever: postgres-nio answered
/// the statement that met the dying server with an error, but the transaction's `ROLLBACK` sent
/// after it on the same connection never got an answer (`pg_ctl -m immediate stop` under a push,
/// 5 of 5 runs), and sometimes a statement sent as the server died never did either; the request
/// hung, and with it the server's graceful shutdown. A task group
/// cannot bound that (it waits for its children, and the statement ignores cancellation), so the
/// operation runs in a task of its own and the caller resumes with whichever ends first; the
/// operation's task is cancelled, and is left to end on its own.
enum PostgresDeadline {
    /// Runs `operation`; past `limit`, fails with `expired()` instead (after `expired` ran) and
    /// cancels the operation; every `step` meanwhile, asks `abandoned` whether to give up at once
    /// (its error: the connection closed). Cancelling the caller cancels the operation, and still
    /// waits for it or for the bound: the caller never goes on while the operation may still use
    /// what it was given.
    static func run<T: Sendable>(
        within limit: Duration, every step: Duration = .milliseconds(200),
        abandoned: @escaping @Sendable () -> (any Error)? = { nil }, expired: @escaping @Sendable () async -> any Error,
        _ operation: @escaping @Sendable () async throws -> T
    ) async throws -> T {
        let race = Race<T>()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, any Error>) in
                race.begin(continuation)
                let work = Task {
                    let result: Result<T, any Error>
                    do {
                        result = .success(try await operation())
                    } catch {
                        result = .failure(error)
                    }
                    race.end(with: result)
                }
                let timer = Task {
                    let deadline = ContinuousClock.now + limit
                    while ContinuousClock.now < deadline {
                        do {
                            try await Task.sleep(for: min(step, deadline - ContinuousClock.now))
                        } catch {
                            return  // the operation ended first
                        }
                        guard race.isOpen else { return }
                        if let error = abandoned() {
                            work.cancel()
                            race.end(with: .failure(error))
                            return
                        }
                    }
                    // Claimed before `expired` runs: the operation, failing as `expired` closes
                    // its connection, must not answer first with "the connection was closed".
                    guard let continuation = race.claim() else { return }
                    work.cancel()
                    continuation.resume(throwing: await expired())
                }
                race.started(work: work, timer: timer)
            }
        } onCancel: {
            race.cancelWork()
        }
    }

    /// Who answers first: the operation or the timer. The continuation is resumed once.
    private final class Race<T: Sendable>: Sendable {
        private struct State {
            var continuation: CheckedContinuation<T, any Error>?
            var work: Task<Void, Never>?
            var timer: Task<Void, Never>?
            var ended = false
            var cancelled = false
        }

        private let state = Mutex(State())

        var isOpen: Bool { state.withLock { !$0.ended } }

        func begin(_ continuation: CheckedContinuation<T, any Error>) {
            state.withLock { $0.continuation = continuation }
        }

        func started(work: Task<Void, Never>, timer: Task<Void, Never>) {
            let (ended, cancelled) = state.withLock { state in
                state.work = work
                state.timer = timer
                return (state.ended, state.cancelled)
            }
            if ended { timer.cancel() }
            if cancelled { work.cancel() }
        }

        func end(with result: Result<T, any Error>) {
            let (continuation, timer) = state.withLock { state -> (CheckedContinuation<T, any Error>?, Task<Void, Never>?) in
                guard !state.ended else { return (nil, nil) }
                state.ended = true
                defer { state.continuation = nil }
                return (state.continuation, state.timer)
            }
            timer?.cancel()
            continuation?.resume(with: result)
        }

        /// Ends the race for the timer without answering yet: the continuation, for the timer to
        /// resume once it has cleaned up; `nil` when the operation ended first.
        func claim() -> CheckedContinuation<T, any Error>? {
            state.withLock { state in
                guard !state.ended else { return nil }
                state.ended = true
                defer { state.continuation = nil }
                return state.continuation
            }
        }

        func cancelWork() {
            let work = state.withLock { state in
                state.cancelled = true
                return state.work
            }
            work?.cancel()
        }
    }
}

extension PostgresConnection {
    /// Runs `statement` and collects its rows, failing with `unavailable` when the connection
    /// closes first (checked every 200 ms) or PostgreSQL has not answered within `limit` (`nil`:
    /// no bound, for migrations, which may rightly take long); the connection is then closed, so
    /// the pool never lends it again and PostgreSQL ends the transaction it was in.
    @discardableResult
    func rows(_ statement: PostgresStatement, logger: Logger, within limit: Duration? = ServerPostgres.statementTimeout)
        async throws -> [PostgresRow]
    {
        guard let limit else { return try await query(statement.query, logger: logger).collect() }
        return try await PostgresDeadline.run(
            within: limit,
            abandoned: { self.isClosed ? ServerDataError(.unavailable, "the connection to PostgreSQL closed during a statement") : nil },
            expired: {
                await self.closeAbandoned(logger: logger)
                return ServerDataError(.unavailable, "PostgreSQL did not answer a statement within \(limit.components.seconds) s")
            }, { try await self.query(statement.query, logger: logger).collect() })
    }

    /// Closes a connection whose statement was given up on, waiting a little for the close (the
    /// channel's own, which needs no answer from the server).
    func closeAbandoned(logger: Logger) async {
        _ = try? await PostgresDeadline.run(within: .seconds(2), expired: { CancellationError() }) {
            try await self.close()
        }
    }
}
