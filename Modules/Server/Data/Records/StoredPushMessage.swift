public import Foundation

/// A push message as stored on a device's channel.
public struct StoredPushMessage: Sendable, Hashable {
    /// Its order on the channel (increasing).
    public var sequence: Int64
    /// The device's id.
    public var deviceId: String
    /// A stable id.
    public var id: String
    /// The title.
    public var title: String
    /// The text.
    public var body: String
    /// When it was sent.
    public var sentAt: Date

    /// A stored message.
    public init(sequence: Int64, deviceId: String, id: String, title: String, body: String, sentAt: Date) {
        self.sequence = sequence
        self.deviceId = deviceId
        self.id = id
        self.title = title
        self.body = body
        self.sentAt = sentAt
    }
}
