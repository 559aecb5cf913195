/// The session's keyring as a composition root hands it to `DataLayerFactory` (`keyring:`):
/// the place the user chose (``DataKeyPlace``), the keyring to ask when there is one, why there
/// is none otherwise, and where a fall-back to the key file is said.
///
/// `StrataSecretService`'s factory makes the real one from the environment; tests make one
/// around a double. Without a `DataKeyring` (strata-status) the data layer never asks a keyring.
public struct DataKeyring: Sendable {
    /// The place the user chose.
    public let place: DataKeyPlace
    /// The keyring to ask, or `nil` when there is none to ask (no session bus, or
    /// ``DataKeyPlace/file``).
    public let store: (any DataKeyStore)?
    /// Why ``store`` is `nil`, in words for messages (e.g. that there is no session bus, or
    /// that `STRATA_KEY_PLACE=file` keeps the Secret Service out).
    public let absence: String
    /// Called once when a new store's key went to the key file because the keyring refused it
    /// (``DataKeyPlace/auto`` only), with the keyring's reason and the key file's path. Called
    /// on the data layer's queue: it must not block for long nor touch Swift's task-locals.
    public let fellBackToFile: @Sendable (_ reason: String, _ keyFile: String) -> Void

    /// The words a keyring's error message holds when the keyring did not answer in time (a
    /// session bus that accepts connections but never answers): "… did not answer within 5 s …".
    /// A new store's key then falls back to the key file under ``DataKeyPlace/auto``, said in
    /// one line (``fellBackToFile``), as when the keyring refuses the key.
    public static let noAnswerPhrase = "did not answer within"

    /// What ``absence`` says when nobody said otherwise: no session bus.
    public static let noSessionBus =
        "this process was given no Secret Service (no session bus: DBUS_SESSION_BUS_ADDRESS is not set and there is no $XDG_RUNTIME_DIR/bus)"

    /// A keyring with every part given; `absence` defaults to ``noSessionBus`` and
    /// `fellBackToFile` to saying nothing.
    public init(
        place: DataKeyPlace = .auto, store: (any DataKeyStore)?, absence: String = DataKeyring.noSessionBus,
        fellBackToFile: @escaping @Sendable (_ reason: String, _ keyFile: String) -> Void = { _, _ in }
    ) {
        self.place = place
        self.store = place == .file ? nil : store
        self.absence = absence
        self.fellBackToFile = fellBackToFile
    }
}
