import Foundation
import Logging
import StrataTestSupport
import StrataWire
import Synchronization
import Testing

@testable import StrataServerKit

/// Login rate limits per account and per client address: 429 with `Retry-After` once a
/// budget is spent, other accounts unaffected, failed logins logged at notice.
@Suite("login rate limits")
struct LoginThrottleTests {
    /// A login over a raw connection, so the test reads the headers too.
    static func login(
        _ server: InProcessServer, _ account: String, password: String = "wrong password", forwardedFor: [String] = []
    ) async throws -> RawExchange.Answer {
        let app = server.app
        let body = try WireCoding.encoder().encode(
            LoginRequest(account: account, password: password, appId: app.id, appVersion: app.version, appKey: app.key))
        let head =
            "POST \(WirePaths.login) HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
            + forwardedFor.map { "X-Forwarded-For: \($0)\r\n" }.joined()
            + "Content-Length: \(body.count)\r\nConnection: close\r\n\r\n"
        // The server closes after its answer; the bound only covers a loaded machine's slow hash.
        return try await RawExchange.exchange(
            port: server.port, bytes: Array(head.utf8) + Array(body), halfClose: false,
            timeout: Patience.childProcessSeconds)
    }

    /// The value of header `name` in a raw answer.
    static func header(_ name: String, in answer: RawExchange.Answer) -> String? {
        answer.text.components(separatedBy: "\r\n\r\n").first?.components(separatedBy: "\r\n")
            .first { $0.lowercased().hasPrefix(name.lowercased() + ":") }
            .map { $0.dropFirst(name.count + 1).trimmingCharacters(in: .whitespaces) }
    }

    @Test("an account's spent budget answers 429 with Retry-After, even to the right password; another account still logs in")
    func perAccountLimit() async throws {
        let protections = ServerProtections(
            logins: LoginLimits(accountBurst: 3, accountPerMinute: 1, addressBurst: 1000, addressPerMinute: 1000))
        try await withInProcessServer(protections: protections) { server in
            for _ in 0..<3 { #expect(try await Self.login(server, "alice").status == 401) }
            let refused = try await Self.login(server, "alice", password: TestServer.password)
            #expect(refused.status == 429, "\(refused)")
            let retryAfter = try #require(Self.header("Retry-After", in: refused).flatMap(Int.init), "\(refused)")
            #expect((1...60).contains(retryAfter), "\(refused)")
            #expect(refused.text.contains(#""error":"tooManyRequests""#), "\(refused)")
            #expect(try await server.client.login("carol", app: server.app).account == "carol")
        }
    }

    @Test("an address's spent budget answers 429 with Retry-After, whatever the account")
    func perAddressLimit() async throws {
        let protections = ServerProtections(
            logins: LoginLimits(accountBurst: 1000, accountPerMinute: 1000, addressBurst: 4, addressPerMinute: 1))
        try await withInProcessServer(protections: protections) { server in
            for account in ["nobody-1", "nobody-2", "nobody-3", "nobody-4"] {
                #expect(try await Self.login(server, account).status == 401)
            }
            let refused = try await Self.login(server, "carol", password: TestServer.password)
            #expect(refused.status == 429, "\(refused)")
            #expect(Self.header("Retry-After", in: refused).flatMap(Int.init) != nil, "\(refused)")
        }
    }

    @Test("good logins give their tokens back: an account logs in more often than its burst")
    func goodLoginsDoNotSpendTheBudget() async throws {
        let protections = ServerProtections(
            logins: LoginLimits(accountBurst: 2, accountPerMinute: 1, addressBurst: 2, addressPerMinute: 1))
        try await withInProcessServer(protections: protections) { server in
            for _ in 0..<5 {
                let login = try await server.client.login("alice", app: server.app)
                #expect(login.account == "alice")
            }
        }
    }

    @Test("a failed login is logged at notice with the account escaped and the client address")
    func failedLoginsAreLogged() async throws {
        let logs = LogCapture()
        try await withInProcessServer(logs: logs) { server in
            #expect(try await Self.login(server, "eve\nfake line \u{1B}[31m").status == 401)
            let record = try #require(logs.all.first { $0.message == "login failed" })
            #expect(record.level == .notice)
            #expect(record.metadata["account"] == #"eve\u{a}fake line \u{1b}[31m"#)
            #expect(record.metadata["address"] == "127.0.0.1")
        }
    }

    @Test("buckets refill with time, and the tables never hold more than their capacity")
    func bucketsRefillAndStayBounded() {
        let clock = ManualSeconds()
        let throttle = LoginThrottle(
            limits: LoginLimits(accountBurst: 2, accountPerMinute: 6, addressBurst: 1000, addressPerMinute: 1000, tableCapacity: 16),
            now: { clock.now })
        #expect(throttle.admit(account: "a", address: "x") == .admitted)
        #expect(throttle.admit(account: "a", address: "x") == .admitted)
        #expect(throttle.admit(account: "a", address: "x") == .refused(retryAfter: 10, limit: "account"))
        clock.advance(10)
        #expect(throttle.admit(account: "a", address: "x") == .admitted)
        for index in 0..<10_000 { _ = throttle.admit(account: "spray-\(index)", address: "10.0.\(index / 256).\(index % 256)") }
        #expect(throttle.remembered.accounts <= 16)
        #expect(throttle.remembered.addresses <= 16)
    }
}

/// A clock in seconds the test moves by hand.
final class ManualSeconds: Sendable {
    private let seconds = Mutex(1000.0)
    var now: Double { seconds.withLock { $0 } }
    func advance(_ delta: Double) { seconds.withLock { $0 += delta } }
}
