/// How `strata-server` protects itself under load: login rate limits, the thread pool that keeps
/// password hashing off the event loops and the cooperative pool, and the bounds on logins and
/// other requests in flight (`serve --login-…` options; Docs/Server.md, "Limits and protections").
/// SQLite work runs on the databases' own queues (GRDB's async API), not on a pool of the Kit.
public struct ServerProtections: Sendable, Hashable {
    /// Login attempts per account and per client address.
    public var logins: LoginLimits
    /// The threads that hash passwords (each login's verification runs on one of them, queued
    /// behind the others).
    public var hashingThreads: Int
    /// The most logins in flight (reading the account, waiting for or running on the hashing
    /// threads); more get 503 `busy`.
    public var hashingQueue: Int
    /// The most other requests in flight (their storage work waiting or running); more get 503 `busy`.
    public var storageQueue: Int

    /// Protections; the defaults suit a small production server.
    public init(
        logins: LoginLimits = LoginLimits(), hashingThreads: Int = 1, hashingQueue: Int = 64, storageQueue: Int = 1024
    ) {
        self.logins = logins
        self.hashingThreads = max(1, hashingThreads)
        self.hashingQueue = max(1, hashingQueue)
        self.storageQueue = max(1, storageQueue)
    }
}
