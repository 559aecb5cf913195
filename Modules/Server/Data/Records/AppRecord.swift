/// One app version: its id and version select its database; its key is stored hashed.
public struct AppRecord: Sendable, Hashable {
    /// The app id.
    public var appId: String
    /// The app version.
    public var version: String
    /// The SHA-256 of the app key, hex.
    public var keyHash: String
    /// The log collection level: `none`, `error` or `monitor`.
    public var logLevel: String

    /// An app version.
    public init(appId: String, version: String, keyHash: String, logLevel: String) {
        self.appId = appId
        self.version = version
        self.keyHash = keyHash
        self.logLevel = logLevel
    }
}
