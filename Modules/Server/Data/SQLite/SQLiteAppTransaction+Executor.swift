import Dispatch
import Synchronization

extension SQLiteAppTransaction {
    /// Runs an async transaction body on the thread that holds SQLite's write transaction: GRDB's
    /// writer queue, inside the `write` closure (``SQLiteAppStore/write(_:)``).
    ///
    /// ``AppTransaction`` is async (a PostgreSQL transaction awaits its statements), but a GRDB
    /// `Database` may be used only on its writer's queue, inside the closure, and SQLite's calls
    /// block. So the body's task prefers this executor, whose jobs the closure's thread runs one
    /// after another (``drive(_:)``) until the body ends: the body and every
    /// ``SQLiteAppTransaction`` method (nonisolated, so run on the task's executor) run on the
    /// writer's thread, with no hop per call and nothing on the cooperative pool. A hop to an actor
    /// comes back here, the thread waiting meanwhile as it waits for a lock inside SQLite.
    ///
    /// A `DispatchSemaphore` of its own: the thread it blocks is GRDB's writer thread, which the
    /// transaction holds for its whole life anyway (listed in `BlockingCallTests`).
    final class BodyExecutor: TaskExecutor {
        private let jobs = Mutex<[UnownedJob]>([])
        /// Signalled once per job enqueued.
        private let ready = DispatchSemaphore(value: 0)

        /// Takes a job of the body's task: the driving thread runs it.
        func enqueue(_ job: consuming ExecutorJob) {
            let job = UnownedJob(job)
            jobs.withLock { $0.append(job) }
            ready.signal()
        }

        /// Runs `body` with `transaction` to its end on the calling thread (GRDB's writer, inside
        /// its `write` closure) and returns its result or throws its error.
        func drive<T: Sendable>(
            _ transaction: SQLiteAppTransaction, _ body: @Sendable (any AppTransaction) async throws -> T
        ) throws -> T {
            try withoutActuallyEscaping(body) { body in
                let outcome = Mutex<Result<T, any Error>?>(nil)
                let work = BodyOnThread(body: body, transaction: transaction)
                Task(executorPreference: self) {
                    let result = await work.run()
                    outcome.withLock { $0 = result }
                }
                while true {
                    ready.wait()
                    let job = jobs.withLock { $0.isEmpty ? nil : $0.removeFirst() }
                    job?.runSynchronously(on: asUnownedTaskExecutor())
                    if let result = outcome.withLock({ $0 }) { return try result.get() }
                }
            }
        }
    }

    /// A transaction body and its transaction, handed to the body's task.
    ///
    /// `@unchecked Sendable` is safe here: the task runs only on ``BodyExecutor``, whose jobs the
    /// thread that made this value runs while it waits for the task (``BodyExecutor/drive(_:_:)``),
    /// so the transaction's `Database` is used on GRDB's writer thread, inside its closure, as GRDB
    /// requires, and by one job at a time. ``run()`` lets go of the body before `drive` returns:
    /// `withoutActuallyEscaping` checks that nothing holds it then.
    private final class BodyOnThread<T: Sendable>: @unchecked Sendable {
        private var body: ((any AppTransaction) async throws -> T)?
        private let transaction: SQLiteAppTransaction

        init(body: @escaping (any AppTransaction) async throws -> T, transaction: SQLiteAppTransaction) {
            self.body = body
            self.transaction = transaction
        }

        /// Runs the body once, then drops it.
        func run() async -> Result<T, any Error> {
            guard let body else { return .failure(CancellationError()) }
            defer { self.body = nil }
            do {
                return .success(try await body(transaction))
            } catch {
                return .failure(error)
            }
        }
    }
}
