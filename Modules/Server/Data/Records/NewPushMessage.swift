public import Foundation

/// A push message to append to one device's channel.
public struct NewPushMessage: Sendable, Hashable {
    /// The device it is for.
    public var device: DeviceRecord
    /// A stable id (the same for every device of one send).
    public var id: String
    /// The title.
    public var title: String
    /// The text.
    public var body: String
    /// When it was sent.
    public var sentAt: Date

    /// A message for one device.
    public init(device: DeviceRecord, id: String, title: String, body: String, sentAt: Date) {
        self.device = device
        self.id = id
        self.title = title
        self.body = body
        self.sentAt = sentAt
    }
}
