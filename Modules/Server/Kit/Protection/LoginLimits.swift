/// Token buckets for login attempts: each attempt takes one token from its account's bucket
/// and one from its client address's bucket (a successful login gives both back); an empty
/// bucket answers 429 with `Retry-After`. Buckets refill continuously up to their burst.
public struct LoginLimits: Sendable, Hashable {
    /// Attempts one account may make at once.
    public var accountBurst: Int
    /// Attempts per minute an account regains.
    public var accountPerMinute: Double
    /// Attempts one client address may make at once.
    public var addressBurst: Int
    /// Attempts per minute a client address regains.
    public var addressPerMinute: Double
    /// The most accounts and the most addresses remembered (each table apart); at capacity,
    /// full buckets are forgotten first, then the least recently used.
    public var tableCapacity: Int
    /// The proxies whose `X-Forwarded-For` names the client address (`serve --trusted-proxy`),
    /// as IP address texts; empty: every connection's peer is its client.
    public var trustedProxies: Set<String>

    /// Limits; by default 10 attempts per account then 10 a minute, 60 per address then 60 a
    /// minute, 10,000 accounts and addresses remembered, no proxy trusted. Entries of
    /// `trustedProxies` that are not IP addresses are dropped (`serve` refuses them first).
    public init(
        accountBurst: Int = 10, accountPerMinute: Double = 10, addressBurst: Int = 60, addressPerMinute: Double = 60,
        tableCapacity: Int = 10_000, trustedProxies: Set<String> = []
    ) {
        self.accountBurst = max(1, accountBurst)
        self.accountPerMinute = accountPerMinute.isFinite ? max(0.001, accountPerMinute) : 0.001
        self.addressBurst = max(1, addressBurst)
        self.addressPerMinute = addressPerMinute.isFinite ? max(0.001, addressPerMinute) : 0.001
        self.tableCapacity = max(16, tableCapacity)
        self.trustedProxies = Set(trustedProxies.compactMap { TrustedProxies.canonical($0) })
    }
}
