import Foundation
import StrataTestSupport
import Testing

@testable import StrataServerKit

/// Behind nginx every connection comes from the proxy: with `--trusted-proxy` the login limit
/// counts the client address the proxy appends to `X-Forwarded-For`; without it the header is
/// ignored (a client cannot pick its own bucket).
@Suite("login limits behind a trusted proxy")
struct TrustedProxyTests {
    static func limits(trusting proxies: Set<String>) -> ServerProtections {
        ServerProtections(
            logins: LoginLimits(
                accountBurst: 1000, accountPerMinute: 1000, addressBurst: 2, addressPerMinute: 1, trustedProxies: proxies))
    }

    @Test("from a trusted proxy each forwarded client has its own bucket, and only the proxy's entry counts")
    func trustedProxyForwardsTheClient() async throws {
        try await withInProcessServer(protections: Self.limits(trusting: ["127.0.0.1"])) { server in
            for account in ["nobody-1", "nobody-2"] {
                #expect(try await LoginThrottleTests.login(server, account, forwardedFor: ["203.0.113.7"]).status == 401)
            }
            let spent = try await LoginThrottleTests.login(server, "nobody-3", forwardedFor: ["203.0.113.7"])
            #expect(spent.status == 429, "\(spent)")
            // A client that writes another address in front of the proxy's entry still counts as itself.
            let forged = try await LoginThrottleTests.login(server, "nobody-4", forwardedFor: ["198.51.100.1, 203.0.113.7"])
            #expect(forged.status == 429, "\(forged)")
            // Another client behind the same proxy is not affected.
            #expect(try await LoginThrottleTests.login(server, "nobody-5", forwardedFor: ["203.0.113.8"]).status == 401)
        }
    }

    @Test("without --trusted-proxy X-Forwarded-For is ignored: the connection's peer is the client")
    func untrustedHeaderIsIgnored() async throws {
        try await withInProcessServer(protections: Self.limits(trusting: [])) { server in
            #expect(try await LoginThrottleTests.login(server, "nobody-1", forwardedFor: ["203.0.113.1"]).status == 401)
            #expect(try await LoginThrottleTests.login(server, "nobody-2", forwardedFor: ["203.0.113.2"]).status == 401)
            let refused = try await LoginThrottleTests.login(server, "nobody-3", forwardedFor: ["203.0.113.3"])
            #expect(refused.status == 429, "\(refused)")
        }
    }

    @Test(
        "the address counted, for headers a careless or hostile client sends",
        arguments: [
            (["203.0.113.7"], "203.0.113.7"),
            (["203.0.113.7, 10.0.0.2"], "203.0.113.7"),  // 10.0.0.2 is a trusted proxy in the chain
            (["203.0.113.7", "10.0.0.2"], "203.0.113.7"),  // two header lines read as one list
            (["not-an-address"], "127.0.0.1"),
            (["203.0.113.7, garbage"], "127.0.0.1"),
            ([""], "127.0.0.1"),
            ([], "127.0.0.1"),
            (["10.0.0.2"], "127.0.0.1"),  // every entry trusted: the peer
            (["0:0:0:0:0:0:0:1"], "::1"),  // IPv6 in its canonical text, one bucket per address
            ([String(repeating: "203.0.113.9, ", count: 10_000) + "203.0.113.7"], "203.0.113.7"),
        ])
    func clientAddress(forwardedFor: [String], expected: String) {
        let proxies = TrustedProxies(["127.0.0.1", "10.0.0.2"])
        #expect(proxies.clientAddress(peer: "127.0.0.1", forwardedFor: forwardedFor) == expected)
        // A peer that is not trusted is the client, whatever it sends.
        #expect(proxies.clientAddress(peer: "192.0.2.5", forwardedFor: forwardedFor) == "192.0.2.5")
    }

    @Test("--trusted-proxy takes IP addresses in any form, kept in their canonical text")
    func canonicalAddresses() {
        #expect(LoginLimits(trustedProxies: ["127.0.0.1", " ::1 ", "0:0:0:0:0:0:0:1", "nginx"]).trustedProxies == ["127.0.0.1", "::1"])
    }
}
