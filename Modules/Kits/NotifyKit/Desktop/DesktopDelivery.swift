public import StrataDomain

/// The daemon's delivery: every line goes to `lines` (standard output, as without a desktop),
/// and each notification recorded just now is also shown on the desktop, when there is one.
public struct DesktopDelivery: NotificationDelivery {
    /// Where each line goes.
    public let lines: any NotificationDelivery
    /// The desktop's notification server, or `nil` (lines only).
    public let desktop: (any DesktopNotifications)?

    /// A delivery to `lines` and, when given, `desktop`.
    public init(lines: any NotificationDelivery, desktop: (any DesktopNotifications)?) {
        self.lines = lines
        self.desktop = desktop
    }

    /// Delivers `line` to ``lines``.
    public func deliver(_ line: String) {
        lines.deliver(line)
    }

    /// Delivers `line` to ``lines`` and shows `record` on the desktop.
    public func deliver(recorded record: NotificationRecord, line: String) {
        lines.deliver(recorded: record, line: line)
        desktop?.show(record)
    }
}
