import Foundation
import StrataCrossCutting
import StrataData

/// Reads the one setting that points a host at a server: `STRATA_SERVER_URL` (with
/// `STRATA_APP_KEY`, and `STRATA_APP_ID` / `STRATA_APP_VERSION` defaulting to
/// ``StrataConstants``). Without `STRATA_SERVER_URL` the host works offline.
///
/// - Note: the same reader lives in each host's composition root (`strata-host`,
///   `strata-status`): hosts share no module of their own.
enum SyncEnvironment {
    static let serverURLVariable = "STRATA_SERVER_URL"
    static let appKeyVariable = "STRATA_APP_KEY"
    static let appIDVariable = "STRATA_APP_ID"
    static let appVersionVariable = "STRATA_APP_VERSION"

    /// The configuration the environment asks for, or `nil` when `STRATA_SERVER_URL` is unset or empty.
    ///
    /// The device id is left `nil`: the engine makes one once and keeps it in the store, in
    /// the container directory.
    ///
    /// - Throws: `CrossCuttingError` `badEnvironment` naming the variable when the URL is not an
    ///   `http(s)://host…` URL or `STRATA_APP_KEY` is missing.
    static func configuration(_ environment: [String: String]) throws -> SyncConfiguration? {
        guard let text = environment[serverURLVariable], !text.isEmpty else { return nil }
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme),
            let host = url.host, !host.isEmpty
        else {
            throw CrossCuttingError(
                .badEnvironment,
                "\(serverURLVariable)=\(text) is not a server URL; expected http(s)://host[:port], e.g. http://127.0.0.1:8080")
        }
        guard let key = environment[appKeyVariable], !key.isEmpty else {
            throw CrossCuttingError(
                .badEnvironment,
                "\(appKeyVariable) is not set; \(serverURLVariable) needs the app key printed by 'strata-server admin app create'")
        }
        let appID = environment[appIDVariable].flatMap { $0.isEmpty ? nil : $0 } ?? StrataConstants.appID
        let version = environment[appVersionVariable].flatMap { $0.isEmpty ? nil : $0 } ?? StrataConstants.version
        let deviceName = ProcessInfo.processInfo.hostName
        return SyncConfiguration(
            serverURL: url, appID: appID, appVersion: version, appKey: key,
            deviceName: deviceName.isEmpty ? "strata" : deviceName)
    }
}
