/// What ``StoreMaintenance/backup(to:overwrite:)`` wrote.
public struct StoreBackupResult: Sendable, Hashable {
    /// The backup file.
    public var destination: String
    /// How many database pages it holds.
    public var pageCount: Int
    /// Where the data key the backup's encrypted values need is: the key file's path, or the
    /// Secret Service item (`DataKeyStore/location`) when the key lives there. It is not
    /// copied into the backup.
    public var keyPath: String

    /// A result with the given parts.
    public init(destination: String, pageCount: Int, keyPath: String) {
        self.destination = destination
        self.pageCount = pageCount
        self.keyPath = keyPath
    }
}
