public import StrataCrossCutting

/// Reading the one setting that points a host at a server (``ServerEnvironment``, in
/// `StrataCrossCutting`, which every host reads the same way) as a sync configuration.
extension SyncConfiguration {
    /// The configuration the environment asks for, every tuning at its default, or `nil` when
    /// `STRATA_SERVER_URL` is unset or empty.
    ///
    /// The device id is left `nil`: the engine makes one once and keeps it in the store, in
    /// the container directory.
    ///
    /// - Throws: as ``ServerEnvironment/fromEnvironment(_:)``: `CrossCuttingError`
    ///   `badEnvironment` naming the variable.
    public static func fromEnvironment(_ environment: [String: String]) throws -> SyncConfiguration? {
        try ServerEnvironment.fromEnvironment(environment).map(SyncConfiguration.init(server:))
    }

    /// A configuration for the server `server` names, every tuning at its default.
    public init(server: ServerEnvironment) {
        self.init(
            serverURL: server.serverURL, appID: server.appID, appVersion: server.appVersion, appKey: server.appKey,
            deviceName: server.deviceName)
    }
}
