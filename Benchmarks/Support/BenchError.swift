/// A benchmark failure, printed as one line.
public struct BenchError: Error, CustomStringConvertible {
    /// The line printed.
    public let description: String

    /// A failure saying `description`.
    public init(_ description: String) { self.description = description }
}
