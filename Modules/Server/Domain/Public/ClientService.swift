public import StrataWire

/// What an app asks besides objects: its config, log upload, device registration and push poll.
public protocol ClientService: Sendable {
    /// The app version's config (the log collection level).
    func config(session: ServerSession) throws -> AppConfig

    /// Stores the entries the app's log level collects; returns how many were kept.
    func uploadLogs(_ upload: LogUpload, session: ServerSession) throws -> Int

    /// Registers (or re-registers) the caller's device for push messages.
    func registerDevice(_ registration: DeviceRegistration, session: ServerSession) throws

    /// The device's messages after `after`, waiting up to `wait` seconds for the first.
    ///
    /// - Throws: ``ServerError`` `notFound` when the device is not the caller's in this app.
    func poll(deviceId: String, after: Int64, wait: Double, session: ServerSession) async throws -> PushPoll

    /// Answers every waiting ``poll(deviceId:after:wait:session:)`` now (with the messages there
    /// are, normally none) and makes later polls answer without waiting: the server is shutting down.
    func endWaits()
}
