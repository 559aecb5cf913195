/// An app version as the admin commands show it (never the key).
public struct AdminApp: Sendable, Hashable, Codable {
    /// The app id.
    public var appId: String
    /// The app version.
    public var version: String
    /// The log collection level.
    public var logLevel: String
    /// An app version.
    public init(appId: String, version: String, logLevel: String) {
        self.appId = appId
        self.version = version
        self.logLevel = logLevel
    }
}
