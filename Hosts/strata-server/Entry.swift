// strata-server: the sync server. Everything but choosing implementations lives in
// StrataServerKit; CompositionRoot.swift is the one place that picks them.
#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif
public import StrataCrossCutting
public import StrataServerKit

/// The entry point: the kit's command, run with this host's composition root.
@main
extension ServerCommand: StrataExecutable {
    /// Parses the command line and runs `serve` or an admin command on the services `CompositionRoot` builds.
    ///
    /// The server speaks English whatever the locale: its messages go to logs, operators and
    /// API clients, so English is bound over the language `main()` read from `LANG`. Only the
    /// web console's pages, which are for people, follow the locale (`serve` reads it again).
    public static func execute(arguments: [String], environment: [String: String], output: OutputSink) async -> Int32 {
        await MessageLanguage.$current.withValue(.english) {
            await StrataServerCLI.main(
                arguments: arguments, environment: environment, output: output, terminal: isatty(STDOUT_FILENO) == 1,
                makeServices: CompositionRoot.makeServices,
                migrate: CompositionRoot.migrate, metrics: MetricsBackend.bootstrap(),
                storage: CompositionRoot.storage)
        }
    }
}
