import AsyncHTTPClient
import NIOCore
import NIOPosix

/// The process's one HTTP client for the sync server: made on first use (by
/// `SyncFactory.live(data:configuration:logger:clock:)`), shared by every engine of the
/// process (strata-notifyd's push listener and background work, strata-host's commands), on
/// NIO's process-wide event loop group.
///
/// HTTP/1.1 only, with keep-alive connections kept 60 s in the pool. A refused connection
/// fails the request at once (no retry inside the client): the engine's ``Backoff`` decides
/// when to try again. It lives as long as the process, like AsyncHTTPClient's own
/// `HTTPClient.shared`, so it is never shut down: an exiting process closes its sockets.
enum SharedHTTPClient {
    /// The client (a `static let`: made once, thread-safely, on first use).
    static let client: HTTPClient = {
        var configuration = HTTPClient.Configuration(
            redirectConfiguration: .follow(max: 5, allowCycles: false),
            timeout: HTTPClient.Configuration.Timeout(connect: .seconds(10)),
            connectionPool: HTTPClient.Configuration.ConnectionPool(idleTimeout: .seconds(60)),
            decompression: .disabled)
        configuration.httpVersion = .http1Only
        configuration.connectionPool.retryConnectionEstablishment = false
        return HTTPClient(eventLoopGroup: MultiThreadedEventLoopGroup.singleton, configuration: configuration)
    }()
}
