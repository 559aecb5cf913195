/// The parsed command line of `strata-notifyd`, as plain values for the composition root.
public struct NotifydOptions: Sendable, Hashable {
    /// Drain `new/` once and exit.
    public var once: Bool
    /// Seconds between looks at `new/` in daemon mode when no new file was reported (each one
    /// is drained at once).
    public var pollInterval: Double
    /// Log at debug level.
    public var verbose: Bool
    /// Seconds one notification's enrichment may take before its original content is recorded.
    public var enrichDeadline: Double
    /// Whether notifications are shown on the desktop too (`--desktop`).
    public var desktop: DesktopMode

    /// Options with the given values (defaults as on the command line).
    public init(
        once: Bool = false, pollInterval: Double = NotifydCommand.defaultPollInterval, verbose: Bool = false, enrichDeadline: Double = 5,
        desktop: DesktopMode = .auto
    ) {
        self.once = once
        self.pollInterval = pollInterval
        self.verbose = verbose
        self.enrichDeadline = enrichDeadline
        self.desktop = desktop
    }
}
