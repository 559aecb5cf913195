public import StrataCrossCutting
import StrataStore

/// The one error type of `StrataSync`: what the sync engine (``SyncEngine``) and the remote
/// store (`SyncFactory.remote`) throw, a code to match on and a message naming the server, the
/// account, the type or the id involved.
///
/// A failure of the local store that surfaces through the engine (a `DataError` of
/// `StrataData`) keeps its message word for word: `notFound` stays ``Code/notFound``, a query
/// the schema refuses is ``Code/invalidQuery``, anything else is ``Code/storage``.
public struct SyncError: StrataError, Hashable {
    /// What kind of failure this is.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        let name: String
        /// No server is configured, so a call that needs one cannot run.
        public static let offline = Code(name: "offline")
        /// The server could not be reached, or kept failing (network error, timeout, 5xx).
        public static let unreachable = Code(name: "unreachable")
        /// Nobody is signed in, or the server refused the session's token (401).
        public static let notSignedIn = Code(name: "notSignedIn")
        /// The server refused a login (wrong account, password or app key).
        public static let loginRefused = Code(name: "loginRefused")
        /// The server refused a request, or answered something the client cannot use (bad JSON,
        /// an unexpected status).
        public static let serverError = Code(name: "serverError")
        /// An id names no rejected change (or several), or nothing the store holds.
        public static let notFound = Code(name: "notFound")
        /// A remote read asked for something it cannot ask: a type that is not `serverOnly`, an
        /// empty id, or a query its type's schema refuses (an unknown key, a wrong value type).
        public static let invalidQuery = Code(name: "invalidQuery")
        /// The local store failed (a read-only store, a damaged file, SQLite's error, …): the
        /// message is the store's own.
        public static let storage = Code(name: "storage")
        /// A sign-out that must sync with the server could not (nothing changed): the message
        /// says how many changes wait and why.
        public static let signOutRefused = Code(name: "signOutRefused")
        /// A test double was called in a way its test did not allow (StrataSyncTesting).
        public static let unexpectedCall = Code(name: "unexpectedCall")
        /// The code's name, e.g. `unreachable`.
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

extension SyncError {
    /// A store's failure as the engine reports it, with the store's message.
    init(surfacing error: DataError) {
        let code: Code =
            switch error.code {
            case .notFound: .notFound
            case .unknownKey, .typeMismatch, .invalidQuery, .notRegistered: .invalidQuery
            case .unexpectedCall: .unexpectedCall
            default: .storage
            }
        self.init(code, error.message)
    }

    /// Runs `body`, reporting a store's failure (`DataError`) as a ``SyncError``: the boundary
    /// where `StrataData`'s errors leave the engine and the remote store.
    static func surfacing<Result>(_ body: () async throws -> Result) async throws -> Result {
        do {
            return try await body()
        } catch let error as DataError {
            throw SyncError(surfacing: error)
        }
    }
}
