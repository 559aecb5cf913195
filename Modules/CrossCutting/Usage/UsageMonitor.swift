/// Where the hosts report how they are used and what failed: the seed's `logMonitor` and
/// `logError`, behind one small protocol every client layer can reach.
///
/// The live monitor (`UsageMonitorFactory.live`, StrataData) keeps each report in the store's
/// diagnostic log, stamped with the signed-in user, the device and the app version, for the
/// sync engine to upload at the level the server sets. Recording never fails the caller: a
/// report that cannot be kept is dropped (and logged at `debug`).
public protocol UsageMonitor: Sendable {
    /// Records a usage event (kept when the collection level is `monitor`).
    func record(_ event: UsageEvent) async

    /// Records a failure, `source` naming where it happened (kept when the level is `error`
    /// or `monitor`).
    func recordFailure(_ message: String, source: String) async
}

/// The monitor that keeps nothing: for tests and for hosts without a sync server.
public struct SilentUsageMonitor: UsageMonitor {
    /// The silent monitor.
    public init() {}

    /// Does nothing.
    public func record(_ event: UsageEvent) async {}

    /// Does nothing.
    public func recordFailure(_ message: String, source: String) async {}
}
