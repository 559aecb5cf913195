// strata-host: the containing app. The kit parses the command line and hands the process to
// the container (StrataContainer); CompositionRoot.swift is the one place that picks implementations.
public import StrataCrossCutting
import StrataData
public import StrataHostKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The entry point: the kit's command, run with this host's composition root.
@main
extension HostCommand: StrataExecutable {
    /// Parses the command line and runs it on the runtime `CompositionRoot` builds; the
    /// Launcher when standard input is a terminal and no command is given.
    public static func execute(arguments: [String], environment: [String: String], output: OutputSink) async -> Int32 {
        // First, before any thread uses SQLite: statement journals stay in memory up to 120 KiB.
        DataLayerFactory.prepareProcess()
        return await StrataHostCLI.run(
            arguments: arguments, environment: environment, output: output,
            terminal: isatty(STDIN_FILENO) == 1 ? .standard : .none,
            makeDomain: CompositionRoot.makeRuntime, makeStore: CompositionRoot.makeStoreMaintenance)
    }
}
