public import StrataCrossCutting

/// An error answer: a machine-readable code and a reason for people; StrataWire's one error type.
///
/// On the wire it is `{"error": "notFound", "reason": "no object 7 of type case"}`. As a
/// ``StrataCrossCutting/StrataError`` its ``code`` is the `error` field and its ``message`` (and so
/// its `description`) the `reason`, so a client that throws the server's answer prints it as
/// every other Strata error: one line naming what was wrong.
public struct WireError: StrataError, Hashable, Codable {
    /// e.g. `unauthorized`, `forbidden`, `badRequest`, `notFound`, `tooLarge`.
    public var error: String
    /// What was wrong, naming the field or id.
    public var reason: String

    /// An error answer.
    public init(error: String, reason: String) {
        self.error = error
        self.reason = reason
    }

    /// The machine-readable code (the `error` field): an open set, since it carries the codes of
    /// the server's error types (`badRequest`, `busy`, …).
    public var code: String { error }

    /// The reason, for people.
    public var message: String { reason }
}
