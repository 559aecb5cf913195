/// What a sync did after finding the server restored from a backup (a client reset): the
/// server's epoch changed, or a pull cursor was past the server's newest history position.
/// The engine pulled the affected types again from the start and queued again, as creates, the
/// objects of this user that the server no longer had, and removed the objects of other users
/// it no longer had (their owners' devices send them again; then a pull brings them back).
public struct ServerReset: Sendable, Hashable {
    /// Objects the re-pull returned.
    public var repulled: Int
    /// Objects queued again for the server (the changes it lost).
    public var resent: Int
    /// Other users' objects removed from this device because the restored server lacks them.
    public var removed: Int

    /// A reset with its counts.
    public init(repulled: Int, resent: Int, removed: Int = 0) {
        self.repulled = repulled
        self.resent = resent
        self.removed = removed
    }

    /// The one line a sync prints about it.
    public var line: String {
        "the server was restored from a backup: re-pulled \(repulled) object\(repulled == 1 ? "" : "s") "
            + "and re-sent \(resent) change\(resent == 1 ? "" : "s")"
            + (removed > 0 ? "; removed \(removed) object\(removed == 1 ? "" : "s") of other users it no longer has" : "")
    }
}
