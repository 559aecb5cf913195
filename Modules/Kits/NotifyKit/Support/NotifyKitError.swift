public import StrataCrossCutting

/// The one error type of `StrataNotifyKit`: a code to match on and a message naming the file.
public struct NotifyKitError: StrataError, Hashable {
    /// What kind of failure this is.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        let name: String
        /// The inbox (or one of its folders or files) could not be created, listed, read or moved.
        public static let inbox = Code(name: "inbox")
        /// A file in `new/` can never be a notification (too large, not a regular file).
        public static let rejectedFile = Code(name: "rejectedFile")
        /// A file in `new/` disappeared before it was processed (another reader took it).
        public static let vanished = Code(name: "vanished")
        /// A file in `new/` cannot be moved to `cur/` or `bad/` (or its reason file cannot be
        /// written): it stays where it is, and is tried again later without holding up the others.
        public static let unmovable = Code(name: "unmovable")
        /// `--desktop dbus` was asked for, but there is no session bus or no notification
        /// server on it (the message says which and why).
        public static let desktop = Code(name: "desktop")
        /// The code's name, e.g. `inbox`.
        public var description: String { name }
    }

    /// What kind of failure this is.
    public let code: Code
    /// A readable sentence naming the file and what was expected.
    public let message: String

    /// Creates an error with a code and a readable message.
    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }
}
