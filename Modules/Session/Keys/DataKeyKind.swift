/// The two places a store's data key can live (see ``DataKeyStore``).
public enum DataKeyKind: String, Sendable, Hashable, CaseIterable {
    /// The owner-only file `<container>/keys/data.key` (mode 0600, in a 0700 folder).
    case file
    /// The session's keyring: the freedesktop Secret Service (gnome-keyring, KeePassXC, …).
    case secretService = "secret-service"
}
