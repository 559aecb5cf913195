/// What a sync did after finding the server restored from a backup (a client reset): the
/// server's epoch changed, or a pull cursor was past the server's newest history position.
/// The engine pulled the affected types again from the start and queued again, as creates, the
/// objects of this user that the server no longer had.
public struct ServerReset: Sendable, Hashable {
    /// Objects the re-pull returned.
    public var repulled: Int
    /// Objects queued again for the server (the changes it lost).
    public var resent: Int

    /// A reset with its counts.
    public init(repulled: Int, resent: Int) {
        self.repulled = repulled
        self.resent = resent
    }

    /// The one line a sync prints about it.
    public var line: String {
        "the server was restored from a backup: re-pulled \(repulled) object\(repulled == 1 ? "" : "s") "
            + "and re-sent \(resent) change\(resent == 1 ? "" : "s")"
    }
}
