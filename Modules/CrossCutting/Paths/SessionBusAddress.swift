#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Where the user's D-Bus session bus is, as every Strata client finds it: the desktop
/// notifications (sd-bus) and the data key's Secret Service (libsecret, whose GDBus looks in
/// the same two places) must agree, or a daemon under a systemd user manager — which sets no
/// `DBUS_SESSION_BUS_ADDRESS` — would show notifications yet find no keyring.
public enum SessionBusAddress {
    /// `DBUS_SESSION_BUS_ADDRESS` when set, else `unix:path=$XDG_RUNTIME_DIR/bus` when that
    /// socket exists (where a systemd user session keeps the bus), else `nil`: no session bus.
    public static func resolve(in environment: [String: String]) -> String? {
        if let address = environment["DBUS_SESSION_BUS_ADDRESS"], !address.isEmpty { return address }
        guard let runtime = environment["XDG_RUNTIME_DIR"], !runtime.isEmpty else { return nil }
        let socket = runtime + "/bus"
        return FileManager.default.fileExists(atPath: socket) ? "unix:path=\(socket)" : nil
    }
}
