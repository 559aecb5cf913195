/// What one "sync now" did: changes sent, refused, objects pulled, local edits kept.
public struct SessionSyncSummary: Sendable, Hashable {
    /// Changes the server accepted.
    public var pushed: Int
    /// Changes the server refused (see the rejected changes).
    public var rejected: Int
    /// Objects pulled from the server.
    public var pulled: Int
    /// Pulled objects skipped because a local change to them waits to be sent.
    public var keptLocal: Int

    /// A summary with every field given.
    public init(pushed: Int, rejected: Int, pulled: Int, keptLocal: Int) {
        self.pushed = pushed
        self.rejected = rejected
        self.pulled = pulled
        self.keptLocal = keptLocal
    }
}
