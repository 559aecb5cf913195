import Foundation
import StrataTestSupport
import StrataWire

extension TestServer {
    /// A wire client for this server.
    var client: WireClient { WireClient(base: URL(string: url)!) }

    /// Logs alice in (needs a server started with `user: true`); her token.
    func login() async throws -> String {
        guard let app else { throw TestServerFailure("started without a user") }
        return try await client.login("alice", app: app).token
    }
}
