/// The one error type of `StrataCrossCutting`: a code to match on and a message for people.
public struct CrossCuttingError: StrataError, Hashable {
    /// What kind of failure this is.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        let name: String
        /// No home directory could be found to put the container directory in.
        public static let noHomeDirectory = Code(name: "noHomeDirectory")
        /// The container directory could not be created or has the wrong permissions.
        public static let containerDirectory = Code(name: "containerDirectory")
        /// An environment variable holds a value that cannot be used.
        public static let badEnvironment = Code(name: "badEnvironment")
        /// A date or day given as text could not be read.
        public static let badDate = Code(name: "badDate")
        /// The code's name, e.g. `badDate`.
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
