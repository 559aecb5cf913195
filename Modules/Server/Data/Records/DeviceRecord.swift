public import Foundation

/// A device registered for push messages by a user of one app version.
public struct DeviceRecord: Sendable, Hashable {
    /// The app id.
    public var appId: String
    /// The app version.
    public var appVersion: String
    /// The device's id (chosen by the client).
    public var deviceId: String
    /// The user who registered it.
    public var userId: String
    /// A name for people.
    public var name: String
    /// When it was (last) registered.
    public var registeredAt: Date
    /// When an administrator revoked it (`admin device revoke`), or `nil`: a revoked device
    /// receives no push messages and cannot be registered again.
    public var revokedAt: Date?

    /// A device.
    public init(
        appId: String, appVersion: String, deviceId: String, userId: String, name: String, registeredAt: Date,
        revokedAt: Date? = nil
    ) {
        self.appId = appId
        self.appVersion = appVersion
        self.deviceId = deviceId
        self.userId = userId
        self.name = name
        self.registeredAt = registeredAt
        self.revokedAt = revokedAt
    }
}
