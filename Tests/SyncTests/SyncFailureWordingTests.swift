import AsyncHTTPClient
import Foundation
import NIOCore
import Testing

@testable import StrataSync

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Transport failures reach the user as plain words, never as an HTTP client's or NIO's error names.
@Suite("sync failure wording")
struct SyncFailureWordingTests {
    @Test("a named network failure is plain words with no client or NIO type name")
    func namedFailuresArePlainWords() {
        #expect(SyncFailure.describe(IOError(errnoCode: ECONNREFUSED, reason: "connect")) == "connection refused (is the server running?)")
        #expect(SyncFailure.describe(HTTPClientError.connectTimeout) == "timed out")
        #expect(SyncFailure.describe(HTTPClientError.deadlineExceeded) == "timed out")
        #expect(SyncFailure.describe(ChannelError.connectTimeout(.seconds(1))) == "timed out")
        #expect(SyncFailure.describe(HTTPClientError.tlsHandshakeTimeout) == "the TLS connection failed (certificate or protocol)")
        #expect(SyncFailure.describe(HTTPClientError.remoteConnectionClosed) == "the connection was lost")
        #expect(SyncFailure.describe(IOError(errnoCode: ECONNRESET, reason: "read")) == "the connection was lost")
        let named: [any Error] = [
            HTTPClientError.connectTimeout, HTTPClientError.readTimeout, HTTPClientError.cancelled,
            IOError(errnoCode: ECONNREFUSED, reason: "connect"), ChannelError.ioOnClosedChannel,
        ]
        for error in named {
            let words = SyncFailure.describe(error)
            #expect(!words.contains("HTTPClientError") && !words.contains("IOError") && !words.contains("ChannelError"), "\(words)")
        }
    }

    @Test("a refused connection on loopback is 'connection refused (is the server running?)', not retried into a timeout")
    func refusedConnectionOnLoopback() async throws {
        let port = try SilentListener.closedPort()
        let configuration = SyncConfiguration(
            serverURL: URL(string: "http://127.0.0.1:\(port)")!, appID: "strata", appVersion: "1", appKey: "key",
            requestTimeout: 600)
        let transport = HTTPTransport(configuration: configuration)
        let started = ContinuousClock.now
        let error = await #expect(throws: (any Error).self) {
            _ = try await transport.send(SyncRequest(method: "GET", path: "/v1/config"))
        }
        #expect(SyncFailure.describe(try #require(error)) == "connection refused (is the server running?)")
        // Retried inside the client, it would fail only at its 600 s deadline (the engine's backoff
        // retries instead). Alone it fails in milliseconds; the bound leaves room for a loaded
        // machine (the whole suite starting at once once made it take 31.6 s).
        #expect(ContinuousClock.now - started < .seconds(300), "a refused connection was retried inside the client")
    }
}
