public import StrataCrossCutting

/// The one error type of `StrataServerData`: a code to match on and a message naming what was wrong.
public struct ServerDataError: StrataError, Hashable {
    /// What kind of failure this is.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        let name: String
        /// A row with the same key (account, group name, app id and version, …) already exists.
        public static let duplicate = Code(name: "duplicate")
        /// The app, user, group or device named does not exist.
        public static let notFound = Code(name: "notFound")
        /// A name that becomes part of a file name (app id, version) has characters outside
        /// `[A-Za-z0-9._-]`, or a name, id or text holds U+0000 (SQLite would cut it there).
        public static let invalidName = Code(name: "invalidName")
        /// A query names a key outside identifier characters (see ``ObjectQuery/isKey(_:)``).
        public static let invalidQuery = Code(name: "invalidQuery")
        /// The data directory or a database file cannot be opened or created.
        public static let cannotOpen = Code(name: "cannotOpen")
        /// The database URL is not one this server can use (the message says what was expected).
        public static let invalidConfiguration = Code(name: "invalidConfiguration")
        /// The database reported an error (the message carries its text and the file or the PostgreSQL host).
        public static let storage = Code(name: "storage")
        /// The database did not give a connection in time: it is down, unreachable or saturated
        /// (worth trying again shortly, unlike ``storage``).
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
