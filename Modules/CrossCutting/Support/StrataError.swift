/// What every module's one error type is: a code to match on and a message for people.
///
/// Each Strata module has exactly one error type (`CrossCuttingError`, `DataError`,
/// `DomainError`, `NotifyKitError`, …): a struct with a nested `Code` — a closed set of static
/// codes whose `description` is the code's name — and a readable `message`. Conforming to this
/// protocol gives the struct its `description` (the message) and ``codeName``, so code that only
/// reports errors, such as ``FailureLine``, reads a code without importing the module that threw:
///
/// ```swift
/// public struct DomainError: StrataError, Hashable {
///     public struct Code: Hashable, Sendable, CustomStringConvertible {
///         let name: String
///         public static let notFound = Code(name: "notFound")
///         public var description: String { name }
///     }
///     public let code: Code
///     public let message: String
///     public init(_ code: Code, _ message: String) { self.code = code; self.message = message }
/// }
/// ```
///
/// - Important: Conform only a module's one error type, and write messages that name the file,
///   key, argument or id involved and what was expected: hosts print them as they are.
public protocol StrataError: Error, Sendable, CustomStringConvertible {
    /// The module's kinds of failure: static codes whose `description` is the code's name.
    associatedtype Code: Hashable, Sendable, CustomStringConvertible

    /// What kind of failure this is.
    var code: Code { get }
    /// The name of ``code``, e.g. `notFound`.
    var codeName: String { get }
    /// A readable sentence naming what was wrong and what was expected.
    var message: String { get }
}

extension StrataError {
    /// The name of ``code`` (its `description`), e.g. `notFound`.
    public var codeName: String { code.description }

    /// The message, ready to print as one line.
    public var description: String { message }
}
