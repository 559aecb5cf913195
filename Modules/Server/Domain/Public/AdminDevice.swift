public import Foundation

/// A device registered for push messages, as the admin commands show it.
public struct AdminDevice: Sendable, Hashable, Codable {
    /// The app id.
    public var appId: String
    /// The app version.
    public var appVersion: String
    /// The device's id (chosen by the client).
    public var deviceId: String
    /// The id of the user who registered it.
    public var userId: String
    /// That user's account name (empty when the user no longer exists).
    public var account: String
    /// The device's name.
    public var name: String
    /// When it was (last) registered.
    public var registeredAt: Date
    /// When an administrator revoked it, or `nil` (encoded as `null`: the key is always there).
    public var revokedAt: Date?

    /// A device.
    public init(
        appId: String, appVersion: String, deviceId: String, userId: String, account: String, name: String,
        registeredAt: Date, revokedAt: Date?
    ) {
        self.appId = appId
        self.appVersion = appVersion
        self.deviceId = deviceId
        self.userId = userId
        self.account = account
        self.name = name
        self.registeredAt = registeredAt
        self.revokedAt = revokedAt
    }

    private enum CodingKeys: String, CodingKey {
        case appId, appVersion, deviceId, userId, account, name, registeredAt, revokedAt
    }

    /// Encodes every key, `revokedAt` as `null` when the device is not revoked.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(appId, forKey: .appId)
        try container.encode(appVersion, forKey: .appVersion)
        try container.encode(deviceId, forKey: .deviceId)
        try container.encode(userId, forKey: .userId)
        try container.encode(account, forKey: .account)
        try container.encode(name, forKey: .name)
        try container.encode(registeredAt, forKey: .registeredAt)
        try container.encode(revokedAt, forKey: .revokedAt)
    }
}
