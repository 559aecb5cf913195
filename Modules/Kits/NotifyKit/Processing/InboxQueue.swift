import Dispatch
import StrataCrossCutting
import Synchronization

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
        let language = MessageLanguage.current
        return try await withCheckedThrowingContinuation { continuation in
            queue.async {
                continuation.resume(with: Result { try MessageLanguage.$current.withValue(language) { try work() } })
            }
        }
    }

    /// ``run(_:)`` for work that cannot fail.
    func run<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
        let language = MessageLanguage.current
        return await withCheckedContinuation { continuation in
            queue.async { continuation.resume(returning: MessageLanguage.$current.withValue(language) { work() }) }
        }
    }
}

/// Where the inbox's raw file work reports itself to a test that asked (``Inbox/observeFileWork(_:)``):
/// each folder operation names its folder and whether it runs on an ``InboxQueue``.
enum InboxFileWork {
    private static let observer = Mutex<(@Sendable (_ folder: String, _ onInboxQueue: Bool) -> Void)?>(nil)

    /// Installs (or, with `nil`, removes) the one observer.
    static func observe(_ body: (@Sendable (_ folder: String, _ onInboxQueue: Bool) -> Void)?) {
        observer.withLock { $0 = body }
    }

    /// Reports one operation on `folder` to the observer, if any.
    static func note(_ folder: String) {
        guard let body = observer.withLock({ $0 }) else { return }
        body(folder, InboxQueue.isCurrent)
    }
}

extension Inbox {
    /// Calls `body` with the folder and whether the caller runs on the inbox's blocking queue,
    /// for each raw file operation (listing, reading, creating, moving, removing) of every inbox
    /// in the process, until called again with `nil`. Tests only: it proves no file work runs on
    /// the cooperative pool.
    @_spi(Testing) public static func observeFileWork(_ body: (@Sendable (_ folder: String, _ onInboxQueue: Bool) -> Void)?) {
        InboxFileWork.observe(body)
    }
}
