import StrataCrossCutting
public import StrataDomain

/// Where delivered notifications go: standard output in the daemon (and, through a
/// ``DesktopDelivery``, the desktop's notification server), a list in tests.
public protocol NotificationDelivery: Sendable {
    /// Delivers one line (no line break at its end).
    func deliver(_ line: String)

    /// Delivers a notification recorded just now: `line` is its ``FileOutcome/deliveryLine``.
    /// The default delivers the line alone; a ``DesktopDelivery`` also shows `record` on the
    /// desktop. A duplicate is never shown again: it gets ``deliver(_:)`` only.
    func deliver(recorded record: NotificationRecord, line: String)
}

extension NotificationDelivery {
    /// Delivers `line` (``deliver(_:)``).
    public func deliver(recorded record: NotificationRecord, line: String) {
        deliver(line)
    }
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
