public import StrataWire

/// What an app asks besides objects: its config, log upload, device registration and push poll.
public protocol ClientService: Sendable {
    /// The app version's config (the log collection level).
    func config(session: ServerSession) async throws -> AppConfig

    /// Stores the entries the app's log level collects; returns how many were kept.
    func uploadLogs(_ upload: LogUpload, session: ServerSession) async throws -> Int

    /// Registers (or re-registers) the caller's device for push messages.
    func registerDevice(_ registration: DeviceRegistration, session: ServerSession) async throws

    /// The device's messages after `after`, waiting up to `wait` seconds for the first.
    ///
    /// A waiting poll holds no thread and reads nothing while it waits: a message stored by this
    /// process (``AdminService/sendPush(group:title:body:template:app:)``) wakes it at once; one
    /// stored by another process or instance at once too when the storage signals it
    /// (PostgreSQL), else (SQLite) within ``ServerSettings/pushCheckInterval``, found by one
    /// read for every waiting poll together. Cancelling the task ends the wait.
    ///
    /// - Throws: ``ServerError`` `notFound` when the device is not the caller's in this app.
    func poll(deviceId: String, after: Int64, wait: Double, session: ServerSession) async throws -> PushPoll

    /// Answers every waiting ``poll(deviceId:after:wait:session:)`` now (empty, with the cursor
    /// asked, as an expired wait) and makes later polls answer without waiting: the server is
    /// shutting down.
    func endWaits()
}
