// strata-status: the widget. Everything but choosing implementations lives in
// StrataStatusKit; CompositionRoot.swift is the one place that picks them.
public import StrataCrossCutting
import StrataData
public import StrataStatusKit

/// The entry point: the kit's command, run with this host's composition root.
@main
extension StatusCommand: StrataExecutable {
    /// Parses the command line and prints the summary of the store `CompositionRoot` opens.
    public static func execute(arguments: [String], environment: [String: String], output: OutputSink) async -> Int32 {
        // First, before any thread uses SQLite: statement journals stay in memory up to 120 KiB.
        DataLayerFactory.prepareProcess()
        return await StrataStatusCLI.main(
            arguments: arguments, environment: environment, output: output, makeStatus: CompositionRoot.makeStatus)
    }
}
