/// A new app version and its key.
///
/// - Important: The key is stored only as a hash: this is the one time it can be read.
public struct CreatedApp: Sendable, Hashable, Codable {
    /// The app version.
    public var app: AdminApp
    /// The app key, for the client's configuration.
    public var appKey: String
    /// A created app.
    public init(app: AdminApp, appKey: String) {
        self.app = app
        self.appKey = appKey
    }
}
