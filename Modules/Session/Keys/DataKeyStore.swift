/// A place that can keep a store's data key (the 32 random bytes its encrypted fields and
/// payloads are sealed with): the owner-only file `<container>/keys/data.key`, or the
/// session's keyring (the freedesktop Secret Service, through `StrataSecretService`) — the
/// Linux counterpart of the seed's Keychain.
///
/// `StrataData` keeps the file itself; a composition root passes the keyring it picked (a
/// ``DataKeyring``) to `DataLayerFactory` (`keyring:`), which chooses where a store's key
/// lives: a key in the file is used from the file (both holding it: the file wins); else the
/// keyring's; a new store's key goes to the keyring when it answers and takes it, else to the
/// file — as the user's ``DataKeyPlace`` allows.
///
/// - Important: every requirement may block (a D-Bus round trip, file system calls): the data
///   layer calls them only on a queue of its own (``BlockingLane``), never on Swift's
///   cooperative pool. Never call them from async code directly.
public protocol DataKeyStore: Sendable {
    /// Which kind of place this is.
    var kind: DataKeyKind { get }

    /// Names the place in messages, e.g. `/home/ann/.strata/keys/data.key` or
    /// `the Secret Service (dev.strata.DataKey for /home/ann/.strata)`.
    var location: String { get }

    /// The key kept here, or `nil` when this place holds none.
    ///
    /// - Throws: `DataError` naming ``location`` when the place cannot be read (for the
    ///   keyring: `keyringUnavailable`, naming why, when no Secret Service answers).
    func load() throws -> [UInt8]?

    /// Keeps `key` here. A place that already holds a different key is left as it is and the
    /// call throws; one that holds the same key succeeds.
    ///
    /// - Throws: `DataError` naming ``location`` when the key cannot be written.
    func save(_ key: [UInt8]) throws

    /// Removes the key from this place; a place that holds none is not an error.
    ///
    /// - Throws: `DataError` naming ``location`` when the key cannot be removed.
    func delete() throws
}
