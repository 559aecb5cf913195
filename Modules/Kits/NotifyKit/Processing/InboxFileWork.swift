import Dispatch
import StrataCrossCutting

/// The executor of an inbox's blocking file work: a serial dispatch queue of its own, on which
/// ``InboxProcessor`` lists, reads, moves and removes inbox files (and delivers their lines,
/// which write to standard output), so none of it ever holds a thread of Swift's cooperative
/// pool (the project's rule, as the data layer's database queues do for SQLite).
///
/// Async callers `await` ``run(_:)``: their task is suspended, never blocked, while the work
/// runs here. A serial queue is "overcommit" in libdispatch: while its work blocks (a slow
/// disk, a full standard output), the rest of the process keeps its threads.
struct InboxQueue: Sendable {
    private let queue: DispatchQueue
    /// Marks every inbox queue, so a test can tell the file work runs on one: see ``isCurrent``.
    private static let marker = DispatchSpecificKey<Bool>()

    /// A new queue; `label` names its thread in a debugger or a crash report.
    init(label: String = "strata.notifyd.inbox") {
        queue = DispatchQueue(label: label, qos: .userInitiated)
        queue.setSpecific(key: Self.marker, value: true)
    }

    /// Whether the calling thread is running work of an inbox queue (any of them).
    static var isCurrent: Bool { DispatchQueue.getSpecific(key: marker) == true }

    /// Runs `work` on this queue and resumes the caller with its result or error. Cancelling
    /// the caller does not interrupt work already queued (a file is never half-moved). The
    /// caller's message language (``MessageLanguage/current``, a task-local a dispatch queue
    /// does not inherit) is bound around `work`: the lines it delivers speak it.
    func run<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        let context = CallerContext()
        return try await withCheckedThrowingContinuation { continuation in
            queue.async { continuation.resume(with: Result { try context.bound(work) }) }
        }
    }

    /// ``run(_:)`` for work that cannot fail.
    func run<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
        let context = CallerContext()
        return await withCheckedContinuation { continuation in
            queue.async { continuation.resume(returning: context.bound(work)) }
        }
    }

    /// The caller's task-locals the work needs (a dispatch queue does not inherit them): its
    /// message language, and the file-work observer a test may have bound.
    private struct CallerContext: Sendable {
        let language = MessageLanguage.current
        let observer = InboxFileWork.observer

        func bound<T>(_ work: () throws -> T) rethrows -> T {
            try MessageLanguage.$current.withValue(language) { try InboxFileWork.$observer.withValue(observer) { try work() } }
        }
    }
}

/// Where the inbox's raw file work reports itself to a test that asked
/// (``Inbox/observingFileWork(_:during:)``): each folder operation names its folder and whether
/// it runs on an ``InboxQueue``. A task-local binding, not process-wide state: only the work of
/// the task that bound it (and the inbox-queue work it starts) reports.
enum InboxFileWork {
    /// The observer bound for the current task, if any.
    @TaskLocal static var observer: (@Sendable (_ folder: String, _ onInboxQueue: Bool) -> Void)?

    /// Reports one operation on `folder` to the observer, if any.
    static func note(_ folder: String) {
        observer?(folder, InboxQueue.isCurrent)
    }
}

extension Inbox {
    /// Runs `operation`, calling `body` with the folder and whether the caller runs on the
    /// inbox's blocking queue for each raw file operation (listing, reading, creating, moving,
    /// removing) it makes. Tests only: it proves no file work runs on the cooperative pool.
    @_spi(Testing) public static func observingFileWork<T: Sendable>(
        _ body: @escaping @Sendable (_ folder: String, _ onInboxQueue: Bool) -> Void, during operation: () async throws -> T
    ) async rethrows -> T {
        try await InboxFileWork.$observer.withValue(body) { try await operation() }
    }
}
