import StrataCrossCutting

/// Where the inbox's raw file work reports itself to a test that asked
/// (``Inbox/observingFileWork(_:during:)``): each folder operation names its folder and whether
/// it runs on a ``BlockingLane``. A task-local binding, not process-wide state: only the work of
/// the task that bound it (and the lane work it runs: ``BlockingLane/run(_:)`` keeps the
/// caller's task-locals) reports.
enum InboxFileWork {
    /// The observer bound for the current task, if any.
    @TaskLocal static var observer: (@Sendable (_ folder: String, _ onInboxQueue: Bool) -> Void)?

    /// Reports one operation on `folder` to the observer, if any.
    static func note(_ folder: String) {
        observer?(folder, BlockingLane.isCurrent)
    }
}

extension Inbox {
    /// Runs `operation`, calling `body` with the folder and whether the caller runs on a
    /// blocking lane for each raw file operation (listing, reading, creating, moving,
    /// removing) it makes. Tests only: it proves no file work runs on the cooperative pool.
    @_spi(Testing) public static func observingFileWork<T: Sendable>(
        _ body: @escaping @Sendable (_ folder: String, _ onInboxQueue: Bool) -> Void, during operation: () async throws -> T
    ) async rethrows -> T {
        try await InboxFileWork.$observer.withValue(body) { try await operation() }
    }
}
