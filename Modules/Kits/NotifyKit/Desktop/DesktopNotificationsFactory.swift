import Foundation
public import Logging
public import StrataCrossCutting
public import StrataDomain

/// The way in to the ``DesktopNotifications`` implementations: the composition root picks one.
public enum DesktopNotificationsFactory {
    /// The freedesktop Notifications server on the session bus (libsystemd's sd-bus), per `mode`:
    ///
    /// - ``DesktopMode/off``: `nil`; the bus is never looked at.
    /// - ``DesktopMode/auto``: the server when there is one; else `nil`, after one line on
    ///   `output`'s standard error saying why (no `DBUS_SESSION_BUS_ADDRESS`, the bus refused the
    ///   connection, no server answers), in the run's language.
    /// - ``DesktopMode/dbus``: the server, or a throw saying why.
    ///
    /// The bus is `DBUS_SESSION_BUS_ADDRESS`, else `$XDG_RUNTIME_DIR/bus` when that socket
    /// exists (where a systemd user session keeps it). Connecting and asking the server who it
    /// is run on the link's own thread; this suspends meanwhile.
    ///
    /// - Parameters:
    ///   - notifications: Where a notification the user dismissed is marked read.
    ///   - clock: Decides whether a follow-up is overdue (critical urgency).
    ///   - logger: The link's log: each action, failures to show.
    ///   - output: Where the one "why" line (and a missing `xdg-open`) is said.
    /// - Throws: ``NotifyKitError`` `desktop` for `dbus` without a server.
    public static func freedesktop(
        mode: DesktopMode, environment: [String: String], notifications: any NotificationService,
        clock: any StrataClock, logger: Logger, output: OutputSink
    ) async throws -> (any DesktopNotifications)? {
        guard mode != .off else { return nil }
        let why: String
        if let address = sessionBusAddress(environment) {
            let opener = URLOpener(searchPath: environment["PATH"] ?? "/usr/bin:/bin", output: output)
            do {
                let desktop = try await FreedesktopNotifications.start(
                    address: address, notifications: notifications, clock: clock, opener: opener, logger: logger)
                logger.info("desktop notifications through \(desktop.serverName)")
                return desktop
            } catch {
                why = error.description
            }
        } else {
            why = localized(
                "no session bus (DBUS_SESSION_BUS_ADDRESS is not set and there is no $XDG_RUNTIME_DIR/bus)",
                ja: "セッションバスがありません（DBUS_SESSION_BUS_ADDRESS が未設定で、$XDG_RUNTIME_DIR/bus もありません）")
        }
        if mode == .dbus { throw NotifyKitError(.desktop, "--desktop dbus: \(why)") }
        output.err(
            localized(
                "\(NotifydCommand.programName): desktop notifications are off: \(why); each notification is printed on standard output only",
                ja: "\(NotifydCommand.programName): デスクトップ通知は無効です: \(why)。通知は標準出力にのみ表示します"))
        return nil
    }

    /// The session bus's address: `DBUS_SESSION_BUS_ADDRESS`, else `unix:path=$XDG_RUNTIME_DIR/bus`
    /// when that exists, else `nil`.
    static func sessionBusAddress(_ environment: [String: String]) -> String? {
        SessionBusAddress.resolve(in: environment)
    }
}
