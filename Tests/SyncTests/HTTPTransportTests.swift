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
            requestTimeout: 60)
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
        // The server holds the poll for 25 s and the request's deadline is 60 s: an end before either
        // is the cancellation's (typically milliseconds). The bound only tells the two apart, so it
        // is a loaded-safe 20 s, not a measure of speed.
        #expect(ContinuousClock.now - cancelled < .seconds(20), "the poll outlived its cancelled task")
        guard case .failure(let error) = outcome else {
            Issue.record("a held poll answered: \(outcome)")
            return
        }
        #expect(SyncFailure.describe(error) == "cancelled")
    }

    @Test("query parameters are percent-encoded, one name=value pair each")
    func queryIsEncoded() {
        let query = HTTPTransport.queryString([.init(name: "after", value: "7"), .init(name: "q", value: "a&b=c d")])
        #expect(query == "?after=7&q=a%26b%3Dc%20d")
        #expect(HTTPTransport.queryString([]) == "")
    }
}
