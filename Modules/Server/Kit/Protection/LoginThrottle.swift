import Foundation
import Synchronization

/// Login rate limits: one token bucket per account and one per client address (see
/// ``LoginLimits``), in bounded memory.
final class LoginThrottle: Sendable {
    /// Whether an attempt may go on.
    enum Decision: Equatable {
        /// Go on (a token was taken from both buckets).
        case admitted
        /// Refused: try again after `retryAfter` whole seconds; `limit` names the bucket (`account`, `address`).
        case refused(retryAfter: Int, limit: String)
    }

    private struct Tables {
        var accounts: TokenBuckets
        var addresses: TokenBuckets
    }

    private let tables: Mutex<Tables>
    private let now: @Sendable () -> Double
    /// Whose `X-Forwarded-For` names the client.
    let proxies: TrustedProxies

    /// A throttle with `limits`; `now` is a monotonic clock in seconds (tests move it by hand).
    init(limits: LoginLimits, now: @escaping @Sendable () -> Double = LoginThrottle.uptime) {
        tables = Mutex(
            Tables(
                accounts: TokenBuckets(
                    burst: limits.accountBurst, perMinute: limits.accountPerMinute, capacity: limits.tableCapacity),
                addresses: TokenBuckets(
                    burst: limits.addressBurst, perMinute: limits.addressPerMinute, capacity: limits.tableCapacity)))
        self.now = now
        proxies = TrustedProxies(limits.trustedProxies)
    }

    /// Takes a token from `account`'s and `address`'s buckets, or says how long to wait.
    func admit(account: String, address: String) -> Decision {
        let account = Self.key(account)
        let now = now()
        return tables.withLock { tables in
            let accountWait = tables.accounts.wait(account, now: now)
            let addressWait = tables.addresses.wait(address, now: now)
            guard accountWait == 0, addressWait == 0 else {
                let limit = accountWait >= addressWait ? "account" : "address"
                return .refused(retryAfter: max(1, Int(max(accountWait, addressWait).rounded(.up))), limit: limit)
            }
            tables.accounts.take(account, now: now)
            tables.addresses.take(address, now: now)
            return .admitted
        }
    }

    /// Gives back the tokens of an attempt that succeeded: good logins never use up a budget.
    func succeeded(account: String, address: String) {
        let account = Self.key(account)
        let now = now()
        tables.withLock { tables in
            tables.accounts.giveBack(account, now: now)
            tables.addresses.giveBack(address, now: now)
        }
    }

    /// How many accounts and addresses are remembered (for tests of the capacity).
    var remembered: (accounts: Int, addresses: Int) {
        tables.withLock { ($0.accounts.buckets.count, $0.addresses.buckets.count) }
    }

    /// An account's bucket key: at most 256 characters (longer names share the bucket of their prefix).
    static func key(_ account: String) -> String { String(account.prefix(256)) }

    /// Seconds since boot, never going back.
    @Sendable static func uptime() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }
}
