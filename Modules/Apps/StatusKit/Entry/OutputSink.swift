import Foundation

/// Where a command writes: one closure for standard output, one for standard error.
///
/// Hosts use ``standard``; tests pass closures that collect the text. Each call receives one
/// complete piece of text *without* a trailing newline; the sink adds it.
public struct OutputSink: Sendable {
    /// Writes text followed by a newline to standard output.
    public var standardOutput: @Sendable (String) -> Void
    /// Writes text followed by a newline to standard error.
    public var standardError: @Sendable (String) -> Void

    /// A sink made of two closures (each called with text lacking its final newline).
    public init(standardOutput: @escaping @Sendable (String) -> Void, standardError: @escaping @Sendable (String) -> Void) {
        self.standardOutput = standardOutput
        self.standardError = standardError
    }

    /// The process's real standard output and standard error.
    public static let standard = OutputSink(
        standardOutput: { FileHandle.standardOutput.write(Data(($0 + "\n").utf8)) },
        standardError: { FileHandle.standardError.write(Data(($0 + "\n").utf8)) }
    )

    /// Writes a line (or several) to standard output.
    func out(_ text: String) { standardOutput(text) }

    /// Writes a line to standard error.
    func err(_ text: String) { standardError(text) }
}
