/// A table of token buckets by key (an account, a client address) with a capped size.
///
/// A bucket holds up to `burst` tokens and regains `perSecond` continuously. A key never seen
/// (or forgotten) has a full bucket, so forgetting a full bucket changes nothing: at capacity
/// the table drops full buckets first, then the least recently used quarter.
struct TokenBuckets {
    struct Bucket {
        var tokens: Double
        var updated: Double
    }

    let burst: Double
    let perSecond: Double
    let capacity: Int
    private(set) var buckets: [String: Bucket] = [:]

    init(burst: Int, perMinute: Double, capacity: Int) {
        self.burst = Double(burst)
        self.perSecond = perMinute / 60
        self.capacity = capacity
    }

    /// The tokens `key` holds at `now`.
    func tokens(_ key: String, now: Double) -> Double {
        guard let bucket = buckets[key] else { return burst }
        return min(burst, bucket.tokens + max(0, now - bucket.updated) * perSecond)
    }

    /// Seconds until `key` holds a whole token again (0 when it holds one).
    func wait(_ key: String, now: Double) -> Double {
        let missing = 1 - tokens(key, now: now)
        return missing <= 0 ? 0 : missing / perSecond
    }

    /// Takes one token from `key` (the caller checked ``wait(_:now:)`` is 0).
    mutating func take(_ key: String, now: Double) {
        let left = tokens(key, now: now) - 1
        if buckets[key] == nil { makeRoom(now: now) }
        buckets[key] = Bucket(tokens: left, updated: now)
    }

    /// Gives one token back to `key` (a login that succeeded).
    mutating func giveBack(_ key: String, now: Double) {
        guard buckets[key] != nil else { return }
        let tokens = min(burst, tokens(key, now: now) + 1)
        if tokens >= burst {
            buckets[key] = nil
        } else {
            buckets[key] = Bucket(tokens: tokens, updated: now)
        }
    }

    private mutating func makeRoom(now: Double) {
        guard buckets.count >= capacity else { return }
        buckets = buckets.filter { tokens($0.key, now: now) < burst }
        guard buckets.count >= capacity else { return }
        let oldest = buckets.sorted { $0.value.updated < $1.value.updated }.prefix(max(1, capacity / 4))
        for (key, _) in oldest { buckets[key] = nil }
    }
}
