public import Logging
public import StrataData
public import StrataStore
public import StrataSync

extension SyncFactory {
    /// The live remote store on `data`'s session, reading from `script` instead of a server
    /// (see ``RemoteScript``): the test double of `SyncFactory.remote(data:configuration:logger:)`.
    ///
    /// A read the script does not provide (no ``RemoteScript/fetch`` or ``RemoteScript/query``)
    /// throws ``SyncError`` `unexpectedCall` naming it; an unreachable script makes every read a
    /// network failure. The session is `data.session`'s: save an `AuthInfo` there to sign in.
    public static func scriptedRemote(
        data: any DataLayer, script: RemoteScript,
        logger: Logger = Logger(label: "strata.sync.scripted-remote") { _ in SwiftLogNoOpLogHandler() }
    ) -> any RemoteObjectStore {
        let configuration = SyncConfiguration(
            serverURL: scriptedServer, appID: "strata", appVersion: "test", appKey: "scripted", deviceID: "scripted-device",
            maxAttempts: 1)
        let remote = remote(
            data: data, configuration: configuration, transport: ScriptedRemoteTransport(script: script), logger: logger)
        return ScriptedRemoteStore(remote: remote, script: script)
    }
}

/// The store `scriptedRemote` returns: the live one, with the reads the script does not provide
/// failing loudly first.
struct ScriptedRemoteStore: RemoteObjectStore {
    let remote: any RemoteObjectStore
    let script: RemoteScript

    func fetch<Object: ValueObject>(_ type: Object.Type, id: String) async throws -> Object? {
        guard script.fetch != nil else {
            throw ScriptedSyncEngine.unexpected("remote.fetch(\(Object.schema.typeName).self, id: \(id))")
        }
        return try await remote.fetch(type, id: id)
    }

    func page<Object: ValueObject>(_ query: Query<Object>) async throws -> RemotePage<Object> {
        guard script.query != nil else { throw ScriptedSyncEngine.unexpected("remote.page(Query<\(Object.schema.typeName)>)") }
        return try await remote.page(query)
    }
}
