#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// The one setting that points a host at a server, as the environment gives it:
/// `STRATA_SERVER_URL` (with `STRATA_APP_KEY`, and `STRATA_APP_ID` / `STRATA_APP_VERSION`
/// defaulting to ``StrataConstants``). Without `STRATA_SERVER_URL` a host works offline.
///
/// Every host's composition root reads it here, so they all read the environment the same way:
/// the hosts that sync turn it into `StrataSync`'s `SyncConfiguration`
/// (`SyncConfiguration.fromEnvironment(_:)`); `strata-status`, which only shows the configured
/// server, reads it without linking the sync engine.
public struct ServerEnvironment: Sendable, Hashable {
    /// The variable that points the hosts at a server; unset or empty means offline.
    public static let serverURLVariable = "STRATA_SERVER_URL"
    /// The app key printed by `strata-server admin app create`.
    public static let appKeyVariable = "STRATA_APP_KEY"
    /// The app id (default: `StrataConstants.appID`).
    public static let appIDVariable = "STRATA_APP_ID"
    /// The app version (default: `StrataConstants.version`).
    public static let appVersionVariable = "STRATA_APP_VERSION"

    /// The server's base URL, e.g. `http://127.0.0.1:8080` (never naming a user or password).
    public var serverURL: URL
    /// The app id: with the version, it selects the server-side database.
    public var appID: String
    /// The app version.
    public var appVersion: String
    /// The app key issued by `strata-server admin app create`.
    public var appKey: String
    /// This machine's name for people (the host name, or `strata`).
    public var deviceName: String

    /// The setting the environment asks for, or `nil` when `STRATA_SERVER_URL` is unset or empty.
    ///
    /// - Throws: ``CrossCuttingError`` `badEnvironment` naming the variable when the URL is not an
    ///   `http(s)://host…` URL, names a user or password (`http://user:password@host`: never
    ///   kept, and printed masked), or `STRATA_APP_KEY` is missing.
    public static func fromEnvironment(_ environment: [String: String]) throws -> ServerEnvironment? {
        guard let text = environment[serverURLVariable], !text.isEmpty else { return nil }
        // A password is never printed (CredentialMask) nor kept: a URL naming a user is refused.
        // The value is one URL, masked whole: a password may hold white space.
        let shown = CredentialMask.maskedURL(text)
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme),
            let host = url.host, !host.isEmpty
        else {
            throw CrossCuttingError(
                .badEnvironment,
                "\(serverURLVariable)=\(shown) is not a server URL; expected http(s)://host[:port], e.g. http://127.0.0.1:8080")
        }
        guard url.user == nil, url.password == nil, !CredentialMask.hasUserInfo(text) else {
            throw CrossCuttingError(
                .badEnvironment,
                "\(serverURLVariable)=\(shown) names a user or password; expected http(s)://host[:port] without one: "
                    + "users sign in with 'strata-host account login', never through the URL")
        }
        guard let key = environment[appKeyVariable], !key.isEmpty else {
            throw CrossCuttingError(
                .badEnvironment,
                "\(appKeyVariable) is not set; \(serverURLVariable) needs the app key printed by 'strata-server admin app create'")
        }
        let appID = environment[appIDVariable].flatMap { $0.isEmpty ? nil : $0 } ?? StrataConstants.appID
        let version = environment[appVersionVariable].flatMap { $0.isEmpty ? nil : $0 } ?? StrataConstants.version
        let deviceName = ProcessInfo.processInfo.hostName
        return ServerEnvironment(
            serverURL: url, appID: appID, appVersion: version, appKey: key, deviceName: deviceName.isEmpty ? "strata" : deviceName)
    }
}
