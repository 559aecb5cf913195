public import StrataCrossCutting

/// The one error type of `StrataData`: a code to match on and a message naming what was wrong.
///
/// Messages name the type, key or file involved and what was expected, so a host can print
/// `error.description` as its one line on standard error.
public struct DataError: StrataError, Hashable {
    /// What kind of failure this is.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        let name: String
        /// A value-object type was used before ``ValueObjectStore/register(_:)``.
        public static let notRegistered = Code(name: "notRegistered")
        /// A value-object schema is invalid (bad type or key name, duplicate key, …).
        public static let invalidSchema = Code(name: "invalidSchema")
        /// A query names a key the type does not have.
        public static let unknownKey = Code(name: "unknownKey")
        /// A query or stored value has the wrong type for its key.
        public static let typeMismatch = Code(name: "typeMismatch")
        /// A query is malformed (bad page, like on a number, …).
        public static let invalidQuery = Code(name: "invalidQuery")
        /// An object with an id was saved or deleted but no such object is stored.
        public static let notFound = Code(name: "notFound")
        /// A save would store a second object with the same value of a unique key.
        public static let duplicate = Code(name: "duplicate")
        /// A write was attempted on a store opened read-only.
        public static let readOnly = Code(name: "readOnly")
        /// The store file was written by a newer Strata, or its schema cannot be migrated.
        public static let incompatibleStore = Code(name: "incompatibleStore")
        /// Another process held the store's write lock longer than the busy timeout.
        public static let busy = Code(name: "busy")
        /// SQLite reported an error (the message carries SQLite's own text and the file).
        public static let sqlite = Code(name: "sqlite")
        /// The store file or its directory cannot be opened.
        public static let cannotOpen = Code(name: "cannotOpen")
        /// SQLite found the store file damaged (corrupt pages): nothing more is written to it
        /// until `strata-host store recover` has copied what is readable into a new store.
        public static let damaged = Code(name: "damaged")
        /// A test double was called in a way its test did not allow (StrataDataTesting).
        public static let unexpectedCall = Code(name: "unexpectedCall")
        /// The session's keyring (the freedesktop Secret Service) cannot be reached: no session
        /// bus, no Secret Service on it, or it refused the call (a locked keyring). Commands
        /// that need it exit 75 (try again later).
        public static let keyringUnavailable = Code(name: "keyringUnavailable")
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
