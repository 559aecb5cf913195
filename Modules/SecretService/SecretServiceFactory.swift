#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
public import StrataCrossCutting
public import StrataData

/// The one public way to the session's keyring: the freedesktop Secret Service (gnome-keyring,
/// KeePassXC, …) through libsecret, as a place for a container's data key — the Linux
/// counterpart of the seed's Keychain.
///
/// Composition roots call it and pass the result to `DataLayerFactory` (`keyring:`), which
/// decides where the key lives (see `DataKeyStore`). The implementation stays internal.
public enum SecretServiceFactory {
    /// The schema every Strata data key is kept under (libsecret's `xdg:schema` attribute).
    public static let schemaName = "dev.strata.DataKey"

    /// The Secret Service as the place for `container`'s data key, looked up by the schema and
    /// the container's path (so two `STRATA_HOME`s never share a key); `nil` when `environment`
    /// names no session bus (``SessionBusAddress/resolve(in:)``: no `DBUS_SESSION_BUS_ADDRESS` and no
    /// `$XDG_RUNTIME_DIR/bus`, the places desktop notifications look too), so libsecret never
    /// tries to start one.
    ///
    /// Nothing is asked of the bus here: the first call (on the data layer's queue) finds
    /// whether a Secret Service answers. Its calls block for a D-Bus round trip each.
    public static func keyring(for container: ContainerDirectory, environment: [String: String]) -> (any DataKeyStore)? {
        guard SessionBusAddress.resolve(in: environment) != nil else { return nil }
        // The standardised path: `/a//b` and `/a/./b/` name one container, so one key.
        return SecretServiceKeyStore(containerPath: container.url.standardizedFileURL.path)
    }
}
