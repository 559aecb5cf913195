#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Turns an error into the one line a Strata executable prints on standard error.
///
/// The line is `<program>: <message>`, with line breaks folded into spaces. Strata's errors
/// (``StrataError``) describe themselves by their message, which names the argument, id or file;
/// with `verbose` the line ends in the type and code (`[DomainError.notFound]`) so a bug report
/// can quote them. The code is read through ``StrataError/codeName``, so a kit prints any
/// layer's error without importing that layer.
public enum FailureLine {
    /// `<program>: <message>`, plus ` [Type.code]` when `verbose`; always one line.
    ///
    /// A Foundation file error that reaches here unwrapped is worded by ``FileProblem``
    /// (`/x: is a directory`), never printed as `NSCocoaErrorDomain error 256`.
    public static func line(program: String, error: any Error, verbose: Bool) -> String {
        let line = line(program: program, message: message(for: error))
        return verbose ? "\(line) [\(code(of: error))]" : line
    }

    /// What the line says about `error`: a Strata error's message, a Foundation file error in
    /// plain words with its path, else the error's description.
    static func message(for error: any Error) -> String {
        guard !(error is any StrataError) else { return String(describing: error) }
        let domain = FileProblem.domain(of: error)
        guard domain == FileProblem.cocoaDomain || domain == FileProblem.posixDomain else {
            return String(describing: error)
        }
        let cocoa = error as? CocoaError
        let path = cocoa?.filePath ?? cocoa?.url?.path
        let reason = FileProblem.describe(error, path: path ?? "")
        return path.map { "\($0): \(reason)" } ?? reason
    }

    /// `<program>: <message>`, the message folded onto one line (see ``singleLine(_:)``) and
    /// every control character left in it escaped (``TerminalText/escaped(_:)``): an error
    /// quoting a value someone typed or sent cannot act on the terminal.
    public static func line(program: String, message: String) -> String {
        "\(program): \(TerminalText.escaped(singleLine(message)))"
    }

    /// `Type.code` for Strata's errors (`DataError.notFound`), else the error's type name.
    public static func code(of error: any Error) -> String {
        let typeName = String(describing: type(of: error))
        guard let error = error as? any StrataError else { return typeName }
        return "\(typeName).\(error.codeName)"
    }

    /// `text` with line breaks folded into spaces, each line's surrounding blanks trimmed and
    /// blank lines dropped.
    public static func singleLine(_ text: String) -> String {
        text.split(whereSeparator: \.isNewline)
            .map { $0.trimmingWhitespace() }
            .filter { !$0.isEmpty }
            .joined(separator: " ")
    }
}
