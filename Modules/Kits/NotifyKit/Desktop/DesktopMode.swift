/// Whether strata-notifyd shows notifications on the desktop (`--desktop`).
public enum DesktopMode: String, Sendable, Hashable, CaseIterable {
    /// On the session bus's notification server when there is one, else lines only, saying
    /// once (on standard error) why — the default.
    case auto
    /// On the session bus's notification server, or not at all: start-up fails (exit status 1)
    /// when there is no session bus or no server on it.
    case dbus
    /// Lines on standard output only; the session bus is never looked at.
    case off
}
