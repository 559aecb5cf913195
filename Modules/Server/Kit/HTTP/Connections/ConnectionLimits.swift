/// How long a connection may take to send a request head or sit idle, and how many may be open.
///
/// `strata-server serve` sets them from `--header-timeout`, `--body-timeout`, `--idle-timeout`
/// and `--max-connections`; Docs/Server.md ("Limits and protections") explains each.
public struct ConnectionLimits: Sendable, Hashable {
    /// The longest a request head may take to arrive, from the connection's opening or the
    /// request's first byte; a late head is answered 408 and the connection closed.
    public var headerTimeout: Duration
    /// The longest a request body may take to arrive, from the end of its head; a connection
    /// whose body is still incomplete then is closed (a trickled body holds no connection for ever).
    public var bodyTimeout: Duration
    /// The longest a keep-alive connection may wait, with no request in flight, for the next
    /// request's first byte before it is closed. A request in flight (a long poll) is never cut.
    public var idleTimeout: Duration
    /// The most connections open at once. At the cap a new connection closes the open one that
    /// has waited longest without a request in flight; when every one has a request in flight,
    /// the new one is answered 503 and closed.
    public var maxConnections: Int
    /// After a graceful shutdown starts, how long a request in flight may still run before its
    /// connection is closed.
    public var shutdownGrace: Duration

    /// Limits; the defaults are `serve`'s (10 s, 60 s, 60 s, 512 connections) but a 1.5 s grace
    /// (`serve --shutdown-grace` defaults to 10 s).
    public init(
        headerTimeout: Duration = .seconds(10), bodyTimeout: Duration = .seconds(60), idleTimeout: Duration = .seconds(60),
        maxConnections: Int = 512, shutdownGrace: Duration = .milliseconds(1500)
    ) {
        self.headerTimeout = headerTimeout
        self.bodyTimeout = bodyTimeout
        self.idleTimeout = idleTimeout
        self.maxConnections = max(1, maxConnections)
        self.shutdownGrace = shutdownGrace
    }
}
