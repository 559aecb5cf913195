/// Where a store's data key is: the answer of `StoreMaintenance/dataKey()` and
/// `StoreMaintenance/moveKey(to:)` (`strata-host store key`).
public struct DataKeyReport: Sendable, Hashable {
    /// The place the key is used from, or `nil` when there is no key yet.
    public let kind: DataKeyKind?
    /// Names that place (``DataKeyStore/location``), or where a new key would go.
    public let location: String
    /// A second copy the data layer ignores (the file wins when both hold a key), e.g. one an
    /// interrupted move left behind; moving again finishes the move.
    public let ignoredCopy: String?
    /// Why the Secret Service is not used, when it is not reachable (no session bus, no
    /// keyring answering) or not asked (`STRATA_KEY_PLACE=file`); `nil` when it answered. With
    /// ``kind`` ``DataKeyKind/secretService``: the store records its key there, but this
    /// process did not ask the keyring (`STRATA_KEY_PLACE=file`), for this reason.
    public let keyringProblem: String?
    /// Whether this call moved the key (`StoreMaintenance/moveKey(to:)` only).
    public let moved: Bool
    /// Why the key is where it is, as the store recorded it when it made the key or moved it;
    /// `nil` when there is no key yet or the store never recorded it (made before it did).
    public let choice: DataKeyChoice?

    /// A report with every field given.
    public init(
        kind: DataKeyKind?, location: String, ignoredCopy: String?, keyringProblem: String?, moved: Bool,
        choice: DataKeyChoice? = nil
    ) {
        self.kind = kind
        self.location = location
        self.ignoredCopy = ignoredCopy
        self.keyringProblem = keyringProblem
        self.moved = moved
        self.choice = choice
    }
}
