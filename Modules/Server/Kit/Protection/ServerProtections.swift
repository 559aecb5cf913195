/// How `strata-server` protects itself under load: login rate limits, and the bounded thread
/// pools that keep password hashing and storage work off the event loops and the cooperative
/// pool (`serve --login-…` options; Docs/Server.md, "Limits and protections").
public struct ServerProtections: Sendable, Hashable {
    /// Login attempts per account and per client address.
    public var logins: LoginLimits
    /// The threads that hash passwords (each login runs on one of them, queued behind the others).
    public var hashingThreads: Int
    /// The most logins waiting for or running on the hashing threads; more get 503 `busy`.
    public var hashingQueue: Int
    /// The threads that run storage work (SQLite reads and writes, queries, JSON coding).
    public var storageThreads: Int
    /// The most requests waiting for or running on the storage threads; more get 503 `busy`.
    public var storageQueue: Int

    /// Protections; the defaults suit a small production server.
    public init(
        logins: LoginLimits = LoginLimits(), hashingThreads: Int = 1, hashingQueue: Int = 64, storageThreads: Int = 2,
        storageQueue: Int = 1024
    ) {
        self.logins = logins
        self.hashingThreads = max(1, hashingThreads)
        self.hashingQueue = max(1, hashingQueue)
        self.storageThreads = max(1, storageThreads)
        self.storageQueue = max(1, storageQueue)
    }
}
