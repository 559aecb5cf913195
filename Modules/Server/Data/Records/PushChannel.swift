/// One device's push channel: the key of its messages.
public struct PushChannel: Sendable, Hashable {
    /// The app id.
    public var appId: String
    /// The app version.
    public var appVersion: String
    /// The device's id.
    public var deviceId: String

    /// A channel.
    public init(appId: String, appVersion: String, deviceId: String) {
        self.appId = appId
        self.appVersion = appVersion
        self.deviceId = deviceId
    }
}
