public import StrataCrossCutting

/// The one error type of `StrataDomain`: a code and a message naming the field or id.
public struct DomainError: StrataError, Hashable {
    /// What kind of failure this is.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        let name: String
        /// A field has a value the domain does not accept; the message names it.
        public static let invalidInput = Code(name: "invalidInput")
        /// No object with the given id exists; the message names it.
        public static let notFound = Code(name: "notFound")
        /// A notification document is malformed; the message says where and what was expected.
        public static let malformedNotification = Code(name: "malformedNotification")
        /// The data layer failed; the message carries its message.
        public static let storage = Code(name: "storage")
        /// The code's name, e.g. `invalidInput`.
        public var description: String { name }
    }

    /// What kind of failure this is.
    public let code: Code
    /// A readable sentence naming what was wrong and what was expected.
    public let message: String
    /// The field whose value was refused (`age`, `patientName`, `caseReportID`,
    /// `minBloodPressure`), when one was: a form asks that field again.
    public let field: String?

    /// Creates an error with a code and a readable message, naming the refused `field` if any.
    public init(_ code: Code, _ message: String, field: String? = nil) {
        self.code = code
        self.message = message
        self.field = field
    }
}
