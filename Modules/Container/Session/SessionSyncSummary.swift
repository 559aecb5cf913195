/// What one "sync now" did: changes sent, refused, objects pulled, local edits kept, conflicts
/// found and settled.
public struct SessionSyncSummary: Sendable, Hashable {
    /// Changes the server accepted.
    public var pushed: Int
    /// Changes the server refused (see the rejected changes).
    public var rejected: Int
    /// Objects pulled from the server.
    public var pulled: Int
    /// Pulled objects skipped because a local change to them waits to be sent.
    public var keptLocal: Int
    /// Writes of this device this sync found had met another user's, waiting for the user (see
    /// the conflicts).
    public var conflicts: Int
    /// Conflicts the types' own rules settled and sent again.
    public var resolved: Int

    /// A summary with every field given (no conflicts unless said).
    public init(pushed: Int, rejected: Int, pulled: Int, keptLocal: Int, conflicts: Int = 0, resolved: Int = 0) {
        self.conflicts = conflicts
        self.resolved = resolved
        self.pushed = pushed
        self.rejected = rejected
        self.pulled = pulled
        self.keptLocal = keptLocal
    }
}
