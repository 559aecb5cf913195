#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

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

    /// The process's real standard output and standard error, unbuffered: each piece of text
    /// and its newline go out in one `write`, so a reader of a pipe sees it at once.
    ///
    /// - Important: A write that fails (a closed descriptor, a full disk) is dropped: there is
    ///   nowhere left to report it, and a daemon must not stop over it.
    public static let standard = OutputSink(
        standardOutput: { writeAll($0 + "\n", to: STDOUT_FILENO) },
        standardError: { writeAll($0 + "\n", to: STDERR_FILENO) }
    )

    /// Writes all of `text` to `descriptor` as `FileHandle.write(contentsOf:)` does (again after
    /// a partial write or `EINTR`), stopping at the first other failure.
    private static func writeAll(_ text: String, to descriptor: Int32) {
        var text = text
        text.withUTF8 { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if written > 0 {
                    offset += written
                } else if written < 0, errno == EINTR {
                    continue
                } else {
                    return
                }
            }
        }
    }

    /// Writes a line (or several) to standard output.
    public func out(_ text: String) { standardOutput(text) }

    /// Writes a line (or several) to standard error.
    public func err(_ text: String) { standardError(text) }
}
