import Foundation
import NIOCore

/// The proxies (nginx, a load balancer) whose `X-Forwarded-For` the login rate limit believes
/// (`serve --trusted-proxy`): behind one, every connection's peer is the proxy, so without it
/// all clients would share the proxy's address bucket.
///
/// A request whose peer is a trusted proxy counts as coming from the nearest address in
/// `X-Forwarded-For` (read from the right) that is not itself a trusted proxy; anything else
/// — no header, an entry that is not an IP address, a peer that is not trusted — counts as
/// the peer. A client cannot choose its bucket: the addresses it writes into the header sit
/// left of what the trusted proxy appends, and only the proxy's own entry is read.
struct TrustedProxies: Sendable, Hashable {
    /// The trusted addresses, each in its canonical text (`SocketAddress.ipAddress`).
    let addresses: Set<String>

    /// The most `X-Forwarded-For` entries read, from the right (a chain of proxies is short).
    static let maxHops = 16

    /// Trusts `addresses` (canonical texts; see ``canonical(_:)``).
    init(_ addresses: Set<String> = []) {
        self.addresses = addresses
    }

    /// `text` as an IP address's canonical text (`::1` for `0:0:0:0:0:0:0:1`), or `nil` when it
    /// is not an IPv4 or IPv6 address.
    static func canonical(_ text: some StringProtocol) -> String? {
        let trimmed = String(text).trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty, trimmed.utf8.count <= 64 else { return nil }
        return (try? SocketAddress(ipAddress: trimmed, port: 0))?.ipAddress
    }

    /// The address a request counts as: see the type's description. `forwardedFor` holds the
    /// values of every `X-Forwarded-For` line, in order.
    func clientAddress(peer: String, forwardedFor: [String]) -> String {
        guard !addresses.isEmpty, addresses.contains(peer) else { return peer }
        let entries = forwardedFor.joined(separator: ",").split(separator: ",").suffix(Self.maxHops)
        for entry in entries.reversed() {
            guard let address = Self.canonical(entry) else { return peer }
            if !addresses.contains(address) { return address }
        }
        return peer
    }
}
