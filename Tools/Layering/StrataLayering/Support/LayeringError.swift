/// The one error type of the layering checker: one readable line naming what failed, where,
/// and what was expected (`layers.json: layers[2].modules: expected an array, found a string`).
public struct LayeringError: Error, CustomStringConvertible, Sendable {
    /// A readable sentence naming what went wrong and what was expected.
    public let description: String

    /// An error with the sentence `description`.
    public init(_ description: String) {
        self.description = description
    }
}
