#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// `POST /v1/logs`: log entries uploaded at the level the server set.
public struct LogUpload: Sendable, Hashable, Codable {
    /// The entries, oldest first.
    public var entries: [WireLogEntry]
    /// An upload.
    public init(entries: [WireLogEntry]) { self.entries = entries }
}

/// One uploaded log entry.
public struct WireLogEntry: Sendable, Hashable, Codable {
    /// `error` or `monitor`.
    public var level: String
    /// What happened.
    public var message: String
    /// Extra facts.
    public var metadata: [String: String]
    /// When it was logged.
    public var loggedAt: Date

    /// An entry.
    public init(level: String, message: String, metadata: [String: String], loggedAt: Date) {
        self.level = level
        self.message = message
        self.metadata = metadata
        self.loggedAt = loggedAt
    }
}

/// `GET /v1/config`: what the server tells the app (the log collection level).
public struct AppConfig: Sendable, Hashable, Codable {
    /// `none`, `error` or `monitor`.
    public var logLevel: String
    /// A config.
    public init(logLevel: String) { self.logLevel = logLevel }
}

/// `POST /v1/devices`: registers this device for push messages.
public struct DeviceRegistration: Sendable, Hashable, Codable {
    /// A stable id for the device (the client makes one and keeps it).
    public var deviceId: String
    /// A name for people.
    public var name: String
    /// A registration.
    public init(deviceId: String, name: String) {
        self.deviceId = deviceId
        self.name = name
    }
}

/// One push message for a device.
public struct PushMessage: Sendable, Hashable, Codable {
    /// The message's order on the device's channel.
    public var sequence: Int64
    /// A stable id (notifications are recorded once per id).
    public var id: String
    /// The title.
    public var title: String
    /// The text.
    public var body: String
    /// When it was sent.
    public var sentAt: Date

    /// A push message.
    public init(sequence: Int64, id: String, title: String, body: String, sentAt: Date) {
        self.sequence = sequence
        self.id = id
        self.title = title
        self.body = body
        self.sentAt = sentAt
    }
}

/// `GET /v1/devices/{deviceId}/messages?after=SEQUENCE&wait=SECONDS` (long poll): the messages
/// after a sequence, waiting up to `wait` seconds for the first one.
public struct PushPoll: Sendable, Hashable, Codable {
    /// The messages, oldest first.
    public var messages: [PushMessage]
    /// The `after` to ask next: the last message's sequence, or the `after` asked when no message
    /// came (an expired wait, or a server shutting down). `nil` from a server older than it.
    public var cursor: Int64?
    /// Data changed that this device's user can see: the types to pull (`[]`: every synced
    /// type, the server cannot say which); `nil` when nothing changed (or from an older server).
    public var changed: [String]?
    /// A poll answer; `cursor` defaults to the last message's sequence.
    public init(messages: [PushMessage], cursor: Int64? = nil, changed: [String]? = nil) {
        self.messages = messages
        self.cursor = cursor ?? messages.last?.sequence
        self.changed = changed
    }
}

/// The HTTP paths, shared by the server and the client.
public enum WirePaths {
    /// `POST`: ``LoginRequest`` → ``LoginResponse``.
    public static let login = "/v1/auth/login"
    /// `POST`: ends the session of the bearer token.
    public static let logout = "/v1/auth/logout"
    /// `POST`: ``PushRequest`` → ``PushResponse``.
    public static let changes = "/v1/changes"
    /// `GET /v1/objects/{type}?since=&limit=&scope=` → ``PullResponse`` (``PullScope``); `GET …/{type}/{id}` → ``WireObject``.
    public static let objects = "/v1/objects"
    /// `POST`: ``LogUpload``.
    public static let logs = "/v1/logs"
    /// `GET` → ``AppConfig``.
    public static let config = "/v1/config"
    /// `POST`: ``DeviceRegistration``; `GET /v1/devices/{id}/messages` → ``PushPoll``.
    public static let devices = "/v1/devices"
    /// The OpenAPI document.
    public static let openAPI = "/openapi.json"
}

/// The JSON coding both sides use: ISO 8601 dates, sorted keys.
public enum WireCoding {
    /// An encoder with the wire's settings.
    public static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }

    /// A decoder with the wire's settings.
    public static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }
}
