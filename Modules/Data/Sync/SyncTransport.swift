import Foundation

/// How the sync engine reaches the server: one HTTP exchange at a time. The live one is
/// ``URLSessionTransport``; tests script a server with a double.
///
/// A thrown error means the server was not reached (refused, timed out, reset): the engine
/// treats it as a network failure and retries.
protocol SyncTransport: Sendable {
    /// Sends `request` and returns the server's answer, whatever its status.
    func send(_ request: SyncRequest) async throws -> SyncResponse
}

/// One HTTP request to the sync server.
struct SyncRequest: Sendable, Hashable {
    /// `GET` or `POST`.
    var method: String
    /// The path, e.g. `/v1/changes` (see `WirePaths`).
    var path: String
    /// Query parameters, in order.
    var query: [Parameter] = []
    /// The bearer token, when signed in.
    var token: String?
    /// The JSON body.
    var body: Data?

    /// One query parameter.
    struct Parameter: Sendable, Hashable {
        var name: String
        var value: String
    }

    /// The value of query parameter `name`, if present.
    func parameter(_ name: String) -> String? {
        query.first { $0.name == name }?.value
    }
}

/// The server's answer: its status and body.
struct SyncResponse: Sendable, Hashable {
    var status: Int
    var body: Data
}

/// How the engine waits between retries (tests record the delays instead of waiting).
typealias SyncSleep = @Sendable (_ seconds: Double) async throws -> Void
