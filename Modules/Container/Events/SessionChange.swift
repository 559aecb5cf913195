/// A change of who is signed in, broadcast to every listener (``Broadcast/session(_:)``) by
/// the host's login-state service: running micro-apps refresh what they show for the user.
public enum SessionChange: Sendable, Hashable {
    /// The user `userID` signed in as `account` (through the service, or noticed when another
    /// process signed in).
    case signedIn(userID: String, account: String)
    /// The user `userID` (`account`) signed out (through the service, or noticed when the
    /// session went away).
    case signedOut(userID: String, account: String)
}
