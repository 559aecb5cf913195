public import ArgumentParser
#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A Strata executable's `@main` type: its kit's root command, given the composition root by
/// the host.
///
/// The kit declares the root command (an `AsyncParsableCommand`: options, help, subcommands)
/// and the async entry point its tests call; the host makes that command `@main` and says in
/// ``execute(arguments:environment:output:)`` which implementations to run it with:
///
/// ```swift
/// @main
/// extension StatusCommand: StrataExecutable {
///     public static func execute(arguments: [String], environment: [String: String], output: OutputSink) async -> Int32 {
///         await StrataStatusCLI.main(
///             arguments: arguments, environment: environment, output: output, makeStatus: CompositionRoot.makeStatus)
///     }
/// }
/// ```
///
/// ``main()`` replaces ArgumentParser's: the kit's entry point parses and runs through
/// ``CommandRunner``, which keeps the contract (one line on standard error, 64 for usage, 75
/// for a temporary failure), and the process exits with the status it returns.
public protocol StrataExecutable: AsyncParsableCommand {
    /// Runs the command line with the host's implementations and returns the exit status.
    ///
    /// - Parameters:
    ///   - arguments: The command-line arguments without the program name.
    ///   - environment: The process environment.
    ///   - output: Standard output and standard error.
    static func execute(arguments: [String], environment: [String: String], output: OutputSink) async -> Int32
}

extension StrataExecutable {
    /// The process's entry point: ``execute(arguments:environment:output:)`` with the real
    /// arguments, environment and standard streams, in the ``MessageLanguage`` the
    /// environment asks for, then `exit` with its status.
    public static func main() async {
        let environment = ProcessEnvironment.current()
        let status = await MessageLanguage.$current.withValue(MessageLanguage.from(environment: environment)) {
            await execute(arguments: Array(CommandLine.arguments.dropFirst()), environment: environment, output: .standard)
        }
        terminate(status)
    }
}

/// Ends the process with `status` (libc's `exit`, which ArgumentParser's `exit(withError:)` hides inside a command).
private func terminate(_ status: Int32) -> Never {
    exit(status)
}
