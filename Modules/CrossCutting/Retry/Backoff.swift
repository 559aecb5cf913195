/// How long to wait before trying again after failures: exponential, with full jitter, capped.
/// The one backoff of Strata: the sync engine's request retries, push batches and background
/// loop, strata-notifyd's inbox loop and push listener, and the store's busy retry at open.
///
/// After the `n`-th failure in a row the ceiling is `first × 2^(n−1)`, never above `cap`;
/// with jitter ("full jitter") the delay is drawn uniformly from `0…ceiling`, so processes
/// that failed together do not retry together. Without jitter the delay is the ceiling
/// (a lone local loop whose pauses a person reads in its log).
///
/// ```swift
/// let backoff = Backoff(first: 0.5, cap: 30)
/// try await Task.sleep(for: .seconds(backoff.delay(afterFailures: failures)))
/// ```
public struct Backoff: Sendable {
    /// The ceiling after the first failure, in seconds.
    public let first: Double
    /// The largest ceiling, in seconds.
    public let cap: Double
    /// Whether delays are drawn from `0…ceiling` (`true`) or are the ceiling itself.
    public let jitter: Bool
    /// Draws a number from a range: the random source (tests inject a fixed one).
    private let random: @Sendable (ClosedRange<Double>) -> Double

    /// A backoff; negative values count as 0, and a cap below `first` caps `first` too.
    ///
    /// - Parameter random: the random source for jitter; the system's by default.
    public init(
        first: Double, cap: Double, jitter: Bool = true,
        random: @escaping @Sendable (ClosedRange<Double>) -> Double = { Double.random(in: $0) }
    ) {
        self.first = max(0, first)
        self.cap = max(0, cap)
        self.jitter = jitter
        self.random = random
    }

    /// The largest delay after `count` failures in a row: 0 for none, then `first`, doubling, capped.
    public func ceiling(afterFailures count: Int) -> Double {
        guard count > 0, first > 0 else { return 0 }
        var ceiling = first
        for _ in 1..<min(count, 64) {
            ceiling *= 2
            if ceiling >= cap { break }
        }
        return min(ceiling, cap)
    }

    /// The delay to wait after `count` failures in a row (0 for none): the ceiling, or with
    /// jitter a draw from `0…ceiling`.
    public func delay(afterFailures count: Int) -> Double {
        let ceiling = ceiling(afterFailures: count)
        guard jitter, ceiling > 0 else { return ceiling }
        return min(ceiling, max(0, random(0...ceiling)))
    }

    /// The delays of `count` failures in a row, in order (for a retry loop that sleeps them).
    public func delays(count: Int) -> [Double] {
        count > 0 ? (1...count).map(delay(afterFailures:)) : []
    }
}
