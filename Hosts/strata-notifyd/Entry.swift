// strata-notifyd: the notification-service extension. Everything but choosing implementations
// lives in StrataNotifyKit; CompositionRoot.swift is the one place that picks them.
// Docs/Notifications.md describes the inbox.
public import StrataCrossCutting
import StrataData
public import StrataNotifyKit

/// The entry point: the kit's command, run with this host's composition root.
@main
extension NotifydCommand: StrataExecutable {
    /// Parses the command line and runs the daemon `CompositionRoot` builds until it is done
    /// (`--once`) or SIGTERM or SIGINT.
    public static func execute(arguments: [String], environment: [String: String], output: OutputSink) async -> Int32 {
        // First, before any thread uses SQLite: statement journals stay in memory up to 120 KiB.
        DataLayerFactory.prepareProcess()
        return await StrataNotifydCLI.main(
            arguments: arguments, environment: environment, output: output, makeDaemon: CompositionRoot.makeDaemon)
    }
}
