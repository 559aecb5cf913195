public import Foundation

/// One log entry uploaded by a user's app.
public struct StoredLogEntry: Sendable, Hashable {
    /// The uploader's user id.
    public var userId: String
    /// `error` or `monitor`.
    public var level: String
    /// What happened.
    public var message: String
    /// Extra facts, as JSON text.
    public var metadataJSON: String
    /// When it was logged on the device.
    public var loggedAt: Date
    /// When the server received it.
    public var receivedAt: Date
    /// The device that logged it (the client's `device` metadata; empty: not given).
    public var deviceId: String
    /// The event kind (`report.created`, `error`; the client's `kind` metadata; empty: not given).
    public var kind: String

    /// An entry.
    public init(
        userId: String, level: String, message: String, metadataJSON: String, loggedAt: Date, receivedAt: Date,
        deviceId: String = "", kind: String = ""
    ) {
        self.userId = userId
        self.level = level
        self.message = message
        self.metadataJSON = metadataJSON
        self.loggedAt = loggedAt
        self.receivedAt = receivedAt
        self.deviceId = deviceId
        self.kind = kind
    }
}
