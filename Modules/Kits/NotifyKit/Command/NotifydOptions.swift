/// The parsed command line of `strata-notifyd`, as plain values for the composition root.
public struct NotifydOptions: Sendable, Hashable {
    /// Drain `new/` once and exit.
    public var once: Bool
    /// Seconds between looks at `new/` in daemon mode.
    public var pollInterval: Double
    /// Log at debug level.
    public var verbose: Bool
    /// Seconds one notification's enrichment may take before its original content is recorded.
    public var enrichDeadline: Double

    /// Options with the given values (defaults as on the command line).
    public init(once: Bool = false, pollInterval: Double = 0.2, verbose: Bool = false, enrichDeadline: Double = 5) {
        self.once = once
        self.pollInterval = pollInterval
        self.verbose = verbose
        self.enrichDeadline = enrichDeadline
    }
}
