public import StrataDomain

/// The desktop's notification server as strata-notifyd sees it: each notification recorded
/// just now is shown there (the freedesktop Notifications API on the session bus, through
/// libsystemd's sd-bus), and what the user does with it comes back — its **Open** action opens
/// the notification's `strata://` URL through `xdg-open` (strata-host's URL routing then marks
/// it read and shows the report), and dismissing it marks it read in the store.
///
/// The host's composition root picks the implementation
/// (``DesktopNotificationsFactory/freedesktop(mode:environment:notifications:clock:logger:output:)``);
/// ``DesktopDelivery`` shows each recorded notification through it beside its line on standard
/// output, and the daemon closes it when it stops.
public protocol DesktopNotifications: Sendable {
    /// The notification server's name and version as it gave them (`dunst 1.9.0`), for the log.
    var serverName: String { get }

    /// Shows `record` on the desktop. Never waits and never throws: the D-Bus call runs on the
    /// link's own thread, and a server that fails is logged (once) while lines go on.
    func show(_ record: NotificationRecord)

    /// Shows what is still queued, stops listening for actions and closes the bus connection;
    /// returns once that is done. Later ``show(_:)`` calls are ignored.
    func close() async
}
