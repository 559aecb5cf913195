public import Foundation
public import Logging
public import StrataCrossCutting
public import StrataData
public import StrataSync

extension SyncFactory {
    /// The server `scripted(data:script:)` pretends to be, as status lines name it.
    public static let scriptedServer = URL(string: "http://in-memory")!

    /// The live engine on `data`, talking to `script` instead of a server (see ``SyncScript``):
    /// the test double of `SyncFactory.live(data:configuration:logger:)`.
    ///
    /// A call the script does not provide (a login without ``SyncScript/login``, a look at the
    /// push channel without ``SyncScript/pushMessages``) throws ``SyncError`` `unexpectedCall`
    /// naming it; an unreachable script makes every request a network failure. Backoff
    /// delays are not waited for.
    public static func scripted(
        data: any DataLayer, script: SyncScript, clock: any StrataClock = SystemClock(),
        logger: Logger = Logger(label: "strata.sync.scripted") { _ in SwiftLogNoOpLogHandler() }
    ) -> any SyncEngine {
        let configuration = SyncConfiguration(
            serverURL: scriptedServer, appID: "strata", appVersion: "test", appKey: "scripted", deviceID: "scripted-device",
            maxAttempts: 1)
        let engine = live(
            data: data, configuration: configuration, transport: ScriptedTransport(script: script), logger: logger,
            clock: clock, sleep: { _ in })
        return ScriptedSyncEngine(engine: engine, script: script)
    }
}
