public import Foundation

/// How the sync engine reaches the server: one HTTP exchange at a time. The live one is
/// internal to `StrataSync` (one shared HTTP client per process); `StrataSyncTesting`'s
/// `SyncScript` answers in place of a server, passed through
/// ``SyncFactory/live(data:configuration:transport:logger:clock:sleep:)``.
///
/// A thrown error means the server was not reached (refused, timed out, reset): the engine
/// treats it as a network failure and retries.
public protocol SyncTransport: Sendable {
    /// Sends `request` and returns the server's answer, whatever its status.
    func send(_ request: SyncRequest) async throws -> SyncResponse
}

/// One HTTP request to the sync server.
public struct SyncRequest: Sendable, Hashable {
    /// `GET` or `POST`.
    public var method: String
    /// The path, e.g. `/v1/changes` (see `WirePaths`).
    public var path: String
    /// Query parameters, in order.
    public var query: [Parameter]
    /// The bearer token, when signed in.
    public var token: String?
    /// The JSON body.
    public var body: Data?
    /// Seconds the server may hold the request before answering (a long poll), beyond the
    /// usual request timeout; `0` for an ordinary request.
    public var holdSeconds: Double

    /// A request with every field given.
    public init(
        method: String, path: String, query: [Parameter] = [], token: String? = nil, body: Data? = nil,
        holdSeconds: Double = 0
    ) {
        self.method = method
        self.path = path
        self.query = query
        self.token = token
        self.body = body
        self.holdSeconds = holdSeconds
    }

    /// One query parameter.
    public struct Parameter: Sendable, Hashable {
        /// The name.
        public var name: String
        /// The value (not yet percent-encoded).
        public var value: String

        /// A parameter.
        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    /// The value of query parameter `name`, if present.
    public func parameter(_ name: String) -> String? {
        query.first { $0.name == name }?.value
    }
}

/// The server's answer: its status, body and, when it sent one, its clock.
public struct SyncResponse: Sendable, Hashable {
    /// The HTTP status.
    public var status: Int
    /// The body.
    public var body: Data
    /// The server's clock when it answered (its `Date` header), or `nil` when it sent none. A
    /// login keeps the token's lifetime from it, so a device whose clock is off still keeps its
    /// session for as long as the server does.
    public var date: Date?

    /// An answer.
    public init(status: Int, body: Data, date: Date? = nil) {
        self.status = status
        self.body = body
        self.date = date
    }
}

/// How the engine waits between retries (tests record the delays instead of waiting).
public typealias SyncSleep = @Sendable (_ seconds: Double) async throws -> Void
