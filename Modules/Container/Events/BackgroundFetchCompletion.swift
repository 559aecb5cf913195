import Synchronization

/// How a background fetch ended: the seed's `UIBackgroundFetchResult`, plus ``timedOut``.
public enum BackgroundFetchResult: String, Sendable, Hashable, Codable {
    /// New data was fetched.
    case newData
    /// Nothing new.
    case noData
    /// The fetch failed.
    case failed
    /// The app did not call the completion within the deadline (30 s); the framework completed it.
    case timedOut
}

/// The completion handler of one background fetch: the first call wins, every later call is ignored.
///
/// The seed's `performFetchWithCompletionHandler:` must call its handler within 30 s. Here the
/// framework completes the fetch with ``BackgroundFetchResult/timedOut`` when the deadline passes,
/// and a late call from the app is ignored (and logged), so the completion runs exactly once.
public final class BackgroundFetchCompletion: Sendable {
    private let completed = Mutex(false)
    private let deliver: @Sendable (BackgroundFetchResult) -> Void

    init(deliver: @escaping @Sendable (BackgroundFetchResult) -> Void) {
        self.deliver = deliver
    }

    /// Completes the fetch with `result`.
    ///
    /// - Returns: `true` when this call completed the fetch; `false` when it was already
    ///   completed (by an earlier call or by the deadline) and this call was ignored.
    @discardableResult
    public func complete(_ result: BackgroundFetchResult) -> Bool {
        let first = completed.withLock { done in
            if done { return false }
            done = true
            return true
        }
        if first { deliver(result) }
        return first
    }

    /// Same as ``complete(_:)``, so the completion can be called like the seed's block.
    @discardableResult
    public func callAsFunction(_ result: BackgroundFetchResult) -> Bool {
        complete(result)
    }

    /// Whether the fetch has been completed (by the app or by the deadline).
    public var isCompleted: Bool { completed.withLock { $0 } }
}
