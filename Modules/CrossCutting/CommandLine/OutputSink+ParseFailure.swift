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
    ///     program: "strata-host", status: RootCommand.exitCode(for: error).rawValue,
    ///     message: RootCommand.message(for: error), fullMessage: RootCommand.fullMessage(for: error),
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
    /// - Returns: `status`, to exit with.
    public func reportParseFailure(
        program: String, status: Int32, message: @autoclosure () -> String,
        fullMessage: @autoclosure () -> String, verbose: Bool
    ) -> Int32 {
        if status == 0 {
            out(fullMessage())
            return status
        }
        err(FailureLine.line(program: program, message: message()))
        if verbose { err(fullMessage()) }
        return status
    }
}
