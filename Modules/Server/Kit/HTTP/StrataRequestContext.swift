import Hummingbird
import NIOCore

/// The request context of the API: Hummingbird's basics plus the client's address, which the
/// login rate limit and the failed-login log read.
struct StrataRequestContext: RequestContext, RemoteAddressRequestContext {
    var coreContext: CoreRequestContextStorage
    /// The peer of the connection, when known.
    let remoteAddress: SocketAddress?

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        remoteAddress = source.channel.remoteAddress
    }

    /// The client's IP address as text (`127.0.0.1`, `::1`), or `unknown`.
    var clientAddress: String { remoteAddress?.ipAddress ?? "unknown" }
}
