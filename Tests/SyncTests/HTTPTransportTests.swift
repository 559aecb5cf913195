import Foundation
import StrataTestSupport
import Testing

@testable import StrataSync

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The live transport on loopback: a long poll ends as soon as its task is cancelled.
@Suite("HTTP transport")
struct HTTPTransportTests {
    @Test("cancelling the task of a long poll the server holds ends the request at once")
    func cancellingALongPollEndsItAtOnce() async throws {
        let listener = try SilentListener()
        let configuration = SyncConfiguration(
            serverURL: URL(string: "http://127.0.0.1:\(listener.port)")!, appID: "strata", appVersion: "1", appKey: "key",
            requestTimeout: Self.deadlineSeconds)
        let transport = HTTPTransport(configuration: configuration)
        let poll = Task {
            try await transport.send(
                SyncRequest(method: "GET", path: "/v1/devices/d/messages", query: [.init(name: "wait", value: "25")], holdSeconds: 25))
        }
        // The request is in flight once the server side has its connection (held open, never answered).
        let connection = try #require(try await listener.awaitConnection(within: Patience.childProcessSeconds), "the transport never connected")
        defer { close(connection) }
        let cancelled = ContinuousClock.now
        poll.cancel()
        let outcome = await poll.result
        // The server never answers and the request's deadline is 600 s past the poll's 25: an end
        // within the tests' patience (60 s) is the cancellation's (typically milliseconds). The
        // bound only tells the two apart, so it is the loaded-safe patience, not a measure of speed
        // (a fixed 20 s measured 20.26 s beside two builds at load 11).
        #expect(ContinuousClock.now - cancelled < Patience.childProcess, "the poll outlived its cancelled task")
        guard case .failure(let error) = outcome else {
            Issue.record("a held poll answered: \(outcome)")
            return
        }
        #expect(SyncFailure.describe(error) == "cancelled")
    }

    /// The request's own deadline in the cancellation test: far past any patience, so only the
    /// cancellation can end the request within it.
    static let deadlineSeconds: Double = 600

    @Test("query parameters are percent-encoded, one name=value pair each")
    func queryIsEncoded() {
        let query = HTTPTransport.queryString([.init(name: "after", value: "7"), .init(name: "q", value: "a&b=c d")])
        #expect(query == "?after=7&q=a%26b%3Dc%20d")
        #expect(HTTPTransport.queryString([]) == "")
    }
}
