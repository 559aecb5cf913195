import AsyncHTTPClient
import NIOCore
import NIOPosix

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

extension SyncFailure {
    /// A short reason for a transport error, for one readable line: `connection refused`
    /// rather than an HTTP client's or NIO's whole error dump (`--verbose` logs keep the details).
    static func describe(_ error: any Error) -> String {
        // Named failures are plain words; only one without a name keeps its type, for a bug report.
        if let error = error as? HTTPClientError { return describe(client: error) }
        if let error = error as? NIOConnectionError {
            if let refused = error.connectionErrors.lazy.map({ describe($0.error) }).first { return refused }
            return error.dnsAError != nil || error.dnsAAAAError != nil ? "unknown host" : "connection refused (is the server running?)"
        }
        if let error = error as? IOError { return describe(errno: error.errnoCode) }
        if let error = error as? ChannelError {
            switch error {
            case .connectTimeout: return "timed out"
            case .ioOnClosedChannel, .eof, .alreadyClosed, .outputClosed, .inputClosed: return "the connection was lost"
            default: return "network error (\(error))"
            }
        }
        if error is CancellationError { return "cancelled" }
        // NIOSSL's errors (NIOSSLError, BoringSSLError…) are named by their module, not linked here.
        if String(reflecting: type(of: error)).hasPrefix("NIOSSL.") { return tlsFailed }
        return "network error (\(String(reflecting: type(of: error))))"
    }

    /// The words for a failed TLS handshake, certificate or protocol.
    static let tlsFailed = "the TLS connection failed (certificate or protocol)"

    private static func describe(client error: HTTPClientError) -> String {
        switch error {
        case .connectTimeout, .readTimeout, .writeTimeout, .deadlineExceeded, .getConnectionFromPoolTimeout:
            return "timed out"
        case .tlsHandshakeTimeout: return tlsFailed
        case .remoteConnectionClosed: return "the connection was lost"
        case .cancelled, .requestStreamCancelled: return "cancelled"
        case .invalidURL, .emptyHost, .emptyScheme: return "the server URL is not valid"
        default: return "network error (\(error))"
        }
    }

    private static func describe(errno code: Int32) -> String {
        switch code {
        case ECONNREFUSED: return "connection refused (is the server running?)"
        case ETIMEDOUT: return "timed out"
        case ECONNRESET, EPIPE, ECONNABORTED: return "the connection was lost"
        case ENETUNREACH, EHOSTUNREACH, ENETDOWN: return "no network"
        default: return "network error (number \(code))"
        }
    }
}
