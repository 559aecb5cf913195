@testable import StrataServerData
import Testing

/// The bound on one wait for PostgreSQL (``PostgresDeadline``): past it, the caller hears that
/// PostgreSQL did not answer in time, whatever the statement says as its connection is closed.
@Suite("a statement's bound on PostgreSQL's answer")
struct PostgresDeadlineTests {
    struct Closed: Error {}
    struct Expired: Error {}

    @Test("past the bound the caller gets the bound's error, not the 'connection closed' the statement fails with as the bound closes it")
    func expiryIsReportedAsExpiry() async throws {
        let (closing, close) = AsyncStream<Void>.makeStream()
        let (failing, failed) = AsyncStream<Void>.makeStream()
        let error = await #expect(throws: (any Error).self) {
            try await PostgresDeadline.run(
                within: .milliseconds(50), every: .milliseconds(10),
                expired: {
                    // As closing a connection does: the statement on it fails at once, before
                    // the close returns.
                    close.yield()
                    for await _ in failing { break }
                    try? await Task.sleep(for: .milliseconds(100))
                    return Expired()
                },
                {
                    defer { failed.yield() }
                    for await _ in closing { break }
                    throw Closed()
                })
        }
        #expect(error is Expired, "\(String(describing: error))")
    }

    @Test("an operation that answers within the bound returns its value")
    func answerWithinTheBound() async throws {
        let value = try await PostgresDeadline.run(within: .seconds(60), expired: { Expired() }) { 42 }
        #expect(value == 42)
    }
}
