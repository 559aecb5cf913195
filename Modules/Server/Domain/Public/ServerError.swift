public import StrataCrossCutting

/// The one error type of `StrataServerDomain`: a code the HTTP layer turns into a status, and a
/// message that becomes the ``StrataWire/WireError`` reason.
public struct ServerError: StrataError, Hashable {
    /// What kind of failure this is.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        let name: String
        /// No token, an unknown, expired or revoked token, wrong credentials or a disabled account (401).
        public static let unauthorized = Code(name: "unauthorized")
        /// A token whose user an administrator disabled or deleted since (401, `account_disabled`):
        /// the device removes what it holds of others.
        public static let accountDisabled = Code(name: "account_disabled")
        /// The request is malformed or names something invalid (400).
        public static let badRequest = Code(name: "badRequest")
        /// The object, device, app, user or group does not exist or is not visible (404).
        public static let notFound = Code(name: "notFound")
        /// The account, group or app version already exists (409).
        public static let conflict = Code(name: "conflict")
        /// The request is larger than allowed (413).
        public static let tooLarge = Code(name: "tooLarge")
        /// The storage failed (500: never caused by the request's content).
        public static let storage = Code(name: "storage")
        /// The database is down or saturated for now (503 with `Retry-After`).
        public static let unavailable = Code(name: "unavailable")
        /// The code's name, e.g. `notFound`.
        public var description: String { name }
    }

    /// What kind of failure this is.
    public let code: Code
    /// A readable sentence naming what was wrong and what was expected.
    public let message: String

    /// Creates an error with a code and a readable message.
    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }
}
