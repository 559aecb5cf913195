import StrataCrossCutting

/// Where delivered notifications go: standard output in the daemon, a list in tests.
public protocol NotificationDelivery: Sendable {
    /// Delivers one line (no line break at its end).
    func deliver(_ line: String)
}

/// Writes each line to standard output at once (unbuffered), so a reader of a pipe sees it
/// as soon as the notification is recorded.
public struct StandardOutputDelivery: NotificationDelivery {
    /// A delivery to this process's standard output.
    public init() {}

    /// Writes `line` and a line break to standard output in one `write` (``OutputSink/standard``).
    public func deliver(_ line: String) {
        OutputSink.standard.out(line)
    }
}
