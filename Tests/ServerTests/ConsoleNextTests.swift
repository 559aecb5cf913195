import Foundation
import StrataTestSupport
import Testing

@testable import StrataServerKit

/// The sign-in page's `next` is checked as a browser resolves it, and requests no route
/// matched are counted under the documented `unmatched` label.
@Suite("console next and request metrics labels")
struct ConsoleNextTests {
    @Test(
        "a next whose percent-decoded path leaves /admin (or is not a clean console path) becomes /admin",
        arguments: [
            "/admin/%2e%2e/%2e%2e/evil", "/admin/%2E%2E/v1/config", "/admin/%2e/users", "/admin/.%2e/x", "/admin/%252e%252e/x",
            "/admin%2f..%2fv1", "/admin/%2f%2fevil.example", "/admin/%5c%5cevil", "/admin/%zz", "/admin/%00", "/admin/%0d%0aX: y",
            "/admin//evil", "/admin/../v1/config", "/adminx", "//evil.example/admin", "https://evil.example",
        ])
    func refusedNext(next: String) {
        #expect(ConsoleNext.validated(next) == "/admin")
    }

    @Test("a console path, with its query or a percent-encoded name, is kept as it is")
    func keptNext() {
        for next in ["/admin", "/admin/", "/admin/users", "/admin?x=1", "/admin/users?page=2", "/admin/groups/%E7%9C%8B%E8%AD%B7"] {
            #expect(ConsoleNext.validated(next) == next, "\(next)")
        }
    }

    @Test("signing in with next=/admin/%2e%2e/%2e%2e/evil lands on /admin, not outside it")
    func signInRedirect() async throws {
        try await AdminConsoleTests.withConsole { _, browser in
            var browser = browser
            let answer = try await browser.signIn("alice", next: "/admin/%2e%2e/%2e%2e/evil")
            #expect(answer.status == 303, "\(answer)")
            #expect(answer.header("location") == "/admin", "\(answer)")
        }
    }

    @Test("the route label of a request no route matched is unmatched (Hummingbird says NotFound)")
    func unmatchedLabel() {
        #expect(RequestMetricsMiddleware<StrataRequestContext>.route("NotFound") == "unmatched")
        #expect(RequestMetricsMiddleware<StrataRequestContext>.route(nil) == "unmatched")
        #expect(RequestMetricsMiddleware<StrataRequestContext>.route("/v1/objects/{type}") == "/v1/objects/{type}")
    }

    @Test("GET /metrics counts a request to an unknown path under route=\"unmatched\", never NotFound")
    func unmatchedInTheExposition() async throws {
        let server = try await TestServer.start()
        try await withCleanUp(of: server, by: { _ = await $0.stop() }) { server in
            let (status, _) = try await server.client.send("GET", "/no/such/path")
            #expect(status == 404)
            func unmatched(_ line: String) -> Bool {
                line.hasPrefix("strata_http_requests_total{") && line.contains(#"route="unmatched""#) && line.contains(#"status="404""#)
            }
            var lines: [String] = []
            let counted = await eventually(within: Patience.childProcess, every: .milliseconds(50)) {
                lines = try await MetricsTests.scrape(server, until: [])
                return lines.contains(where: unmatched)
            }
            #expect(counted, "\(lines.filter { $0.hasPrefix("strata_http_requests_total") })")
            #expect(!lines.contains { $0.contains("NotFound") }, "\(lines.filter { $0.contains("NotFound") })")
        }
    }
}
