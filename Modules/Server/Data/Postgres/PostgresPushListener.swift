import Foundation
import Logging
import PostgresNIO

/// Push signals over PostgreSQL `LISTEN`/`NOTIFY`: the transaction that stores push messages
/// sends ``notifyStatement(_:)`` on ``channel`` (PostgreSQL delivers it at commit, never before);
/// ``signals()`` listens on a connection of its own (a pooled one would go back to the pool).
///
/// A lost connection is opened again after ``retryDelay``. Each time it listens (the first time
/// too) the stream yields ``PushSignal/check``, so a message committed while nobody listened
/// is still found.
struct PostgresPushListener: Sendable {
    /// The notification channel.
    static let channel = "strata_push"
    /// A payload up to this many bytes names its channels; a longer one would exceed
    /// PostgreSQL's limit (8,000 bytes), so it is sent empty and means ``PushSignal/check``.
    static let maxPayload = 7_000
    /// How long to wait before connecting again after a failure.
    static let retryDelay: Duration = .seconds(1)

    let configuration: PostgresConnection.Configuration
    let place: String
    let logger: Logger

    /// The payload naming `channels`: a JSON array of `[app id, app version, device id]`, or
    /// empty when it would be too long.
    static func payload(_ channels: some Sequence<PushChannel>) -> String {
        let keys = Set(channels).map { [$0.appId, $0.appVersion, $0.deviceId] }
        guard let data = try? JSONEncoder().encode(keys), data.count <= maxPayload else { return "" }
        return String(decoding: data, as: UTF8.self)
    }

    /// The signal a notification's `payload` stands for: a JSON object is a ``DataWake``.
    static func signal(_ payload: String) -> PushSignal {
        if payload.hasPrefix("{") {
            guard let wake = try? JSONDecoder().decode(DataWake.self, from: Data(payload.utf8)) else { return .check }
            return .changed(wake)
        }
        guard let keys = try? JSONDecoder().decode([[String]].self, from: Data(payload.utf8)),
            keys.allSatisfy({ $0.count == 3 })
        else { return .check }
        return .stored(keys.map { PushChannel(appId: $0[0], appVersion: $0[1], deviceId: $0[2]) })
    }

    /// `SELECT pg_notify(…)` naming `channels`, for the transaction that stores their messages.
    static func notifyStatement(_ channels: some Sequence<PushChannel>) -> PostgresStatement {
        var statement = PostgresStatement()
        statement.append("SELECT pg_notify(\(statement.bind(channel)), \(statement.bind(payload(channels))))")
        return statement
    }

    /// `SELECT pg_notify(…)` carrying `wake` (a JSON object), or `nil` when it would be too long.
    static func notifyStatement(_ wake: DataWake) -> PostgresStatement? {
        guard let data = try? JSONEncoder().encode(wake), data.count <= maxPayload else { return nil }
        var statement = PostgresStatement()
        statement.append(
            "SELECT pg_notify(\(statement.bind(channel)), \(statement.bind(String(decoding: data, as: UTF8.self))))")
        return statement
    }

    /// A stream of signals, listening until its consumer stops iterating it.
    func signals() -> AsyncStream<PushSignal> {
        let (stream, continuation) = AsyncStream.makeStream(of: PushSignal.self)
        let listener = self
        let task = Task {
            while !Task.isCancelled {
                await listener.listenOnce(continuation)
                try? await Task.sleep(for: Self.retryDelay)
            }
            continuation.finish()
        }
        continuation.onTermination = { _ in task.cancel() }
        return stream
    }

    /// Connects, listens and yields signals until the connection fails or the task is cancelled.
    private func listenOnce(_ continuation: AsyncStream<PushSignal>.Continuation) async {
        let connection: PostgresConnection
        do {
            connection = try await PostgresConnection.connect(configuration: configuration, id: 0, logger: logger)
        } catch {
            if !Task.isCancelled {
                logger.warning("cannot connect to listen for push messages", metadata: ["database": "\(place)", "error": "\(error)"])
            }
            return
        }
        do {
            try await connection.listen(on: Self.channel) { notifications in
                // Listening (again): look for what was committed while nobody listened, before
                // the first connection was up or while a lost one was down.
                continuation.yield(.check)
                for try await notification in notifications { continuation.yield(Self.signal(notification.payload)) }
            }
        } catch {
            if !Task.isCancelled {
                logger.warning("lost the connection listening for push messages", metadata: ["database": "\(place)", "error": "\(error)"])
            }
        }
        try? await connection.close()
    }
}
