public import Logging
public import StrataCrossCutting

/// The one public way to obtain the live ``UsageMonitor``: reports kept in a data layer's
/// `DiagnosticLog` for the sync engine to upload. Composition roots call it.
public enum UsageMonitorFactory {
    /// A monitor writing through `data.diagnostics`: events with `DiagnosticLog/logMonitor(_:metadata:)`,
    /// failures with `DiagnosticLog/logError(_:metadata:)`, each with the metadata
    /// ``UsageMetadataKey`` names: the kind, the subject (or source), the signed-in user's id
    /// (`data.session`), the device id (`deviceID`, else the one the sync engine made for that
    /// user, else empty) and `appVersion`. Whether an entry is kept is the collection level's
    /// decision (the server's); a report that cannot be kept is logged at `debug` and dropped.
    public static func live(data: any DataLayer, appVersion: String, deviceID: String?, logger: Logger) -> any UsageMonitor {
        DiagnosticUsageMonitor(
            log: data.diagnostics, session: data.session, syncState: data.syncState, appVersion: appVersion,
            deviceID: deviceID, logger: logger)
    }
}
