/// What ``StoreMaintenance/backup(to:overwrite:)`` wrote.
public struct StoreBackupResult: Sendable, Hashable {
    /// The backup file.
    public var destination: String
    /// How many database pages it holds.
    public var pageCount: Int
    /// The data key the backup's encrypted values need; it is not copied into the backup.
    public var keyPath: String

    /// A result with the given parts.
    public init(destination: String, pageCount: Int, keyPath: String) {
        self.destination = destination
        self.pageCount = pageCount
        self.keyPath = keyPath
    }
}
