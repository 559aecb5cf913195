/// A change of who is signed in, broadcast to every listener (``Broadcast/session(_:)``) by
/// the ``SessionService``: running micro-apps refresh what they show for the user.
public enum SessionChange: Sendable, Hashable {
    /// `user` signed in (through the service, or noticed when another process signed in).
    case signedIn(SessionUser)
    /// `user` signed out (through the service, or noticed when the session went away).
    case signedOut(SessionUser)
}
