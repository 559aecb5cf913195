#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension OutputSink {
    /// Prints what a command line that did not parse calls for, and returns the exit status.
    ///
    /// Argument parsers report `--help` and `--version` as failures whose exit status is 0:
    /// their text goes to standard output. Any other status is a usage error: one line on
    /// standard error (``FailureLine/line(program:message:)``), followed by the full text (the
    /// message with the usage) when `verbose`.
    ///
    /// ```swift
    /// output.reportParseFailure(
    ///     program: "strata-host", status: HostCommand.exitCode(for: error).rawValue,
    ///     message: HostCommand.message(for: error), fullMessage: HostCommand.fullMessage(for: error),
    ///     verbose: arguments.contains("--verbose"))
    /// ```
    ///
    /// - Parameters:
    ///   - program: The program name that starts the error line (`strata-host`).
    ///   - status: The parser's exit status for the failure: 0 for help and version, else
    ///     ArgumentParser's usage status (64).
    ///   - message: The parser's short message (evaluated only for a usage error).
    ///   - fullMessage: The help, the version, or the message with the usage (evaluated only
    ///     when printed).
    ///   - verbose: Whether a usage error also prints the full text.
    ///   - hint: Words the error line ends in (`(see strata-notifyd --help)`), or `nil`.
    /// - Returns: `status`, to exit with.
    public func reportParseFailure(
        program: String, status: Int32, message: @autoclosure () -> String,
        fullMessage: @autoclosure () -> String, verbose: Bool, hint: String? = nil
    ) -> Int32 {
        if status == 0 {
            out(fullMessage())
            return status
        }
        let explained = Self.explained(message())
        err(FailureLine.line(program: program, message: hint.map { "\(explained) \($0)" } ?? explained))
        if verbose { err(fullMessage()) }
        return status
    }

    /// The parser's `The value '…' is invalid for '--age <years>'`, which names no reason, with
    /// the reason added: every such option takes a number (options taking one of a list of
    /// words say which already, and text options never fail this way).
    public static func explained(_ message: String) -> String {
        let opening = "The value '"
        guard message.hasPrefix(opening), message.hasSuffix("'"),
            let separator = message.firstRange(of: "' is invalid for '")
        else { return message }
        let value = message[message.index(message.startIndex, offsetBy: opening.count)..<separator.lowerBound]
        let digits = value.drop { $0 == "-" || $0 == "+" }
        let reason: String
        if value.isEmpty {
            reason = localized("the value is empty; expected a number", ja: "値が空です。数値を指定してください")
        } else if !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) {
            reason = localized("the number is too large", ja: "数値が大きすぎます")
        } else if Double(value) != nil {
            reason = localized("expected a whole number", ja: "整数を指定してください")
        } else {
            reason = localized("it is not a number", ja: "数値ではありません")
        }
        return "\(message): \(reason)"
    }
}
