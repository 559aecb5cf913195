public import Foundation

/// One message the server pushed to this device (`strata-server admin push`), as
/// ``SyncEngine/receivePushMessages(wait:)`` hands it over.
///
/// Messages arrive in ``sequence`` order. The same ``id`` is used for every device a send
/// reached, so recording a notification once per id records it once per store.
public struct PushedMessage: Sendable, Hashable {
    /// The message's position on this device's channel (increasing).
    public var sequence: Int64
    /// The sender's stable id for the message.
    public var id: String
    /// The title.
    public var title: String
    /// The text.
    public var body: String
    /// When the server sent it.
    public var sentAt: Date

    /// A message with the given content.
    public init(sequence: Int64, id: String, title: String, body: String, sentAt: Date) {
        self.sequence = sequence
        self.id = id
        self.title = title
        self.body = body
        self.sentAt = sentAt
    }
}
