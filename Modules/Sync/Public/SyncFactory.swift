public import Logging
public import StrataCrossCutting
public import StrataData
public import StrataStore

/// The one public way to obtain a ``SyncEngine``: composition roots (`Hosts/*`) call it on the
/// data layer they opened; tests get a scripted engine from `StrataSyncTesting`'s extension
/// (`SyncFactory.scripted(data:script:)`).
///
/// The engine works only through the data layer's public protocols: the ``DataLayer/journal``,
/// ``DataLayer/session``, ``DataLayer/diagnostics``, ``DataLayer/syncState`` and
/// ``DataLayer/conflicts``. The reads of
/// `serverOnly` types on demand (`RemoteObjectStore`, ``remote(data:configuration:logger:)``)
/// are a store of their own beside the engine, on the same session.
public enum SyncFactory {
    /// The engine for `data`, talking to the server `configuration` names over HTTP (one shared
    /// client per process, keep-alive connections); without a configuration it is offline
    /// (see ``offline(data:logger:clock:)``).
    public static func live(
        data: any DataLayer, configuration: SyncConfiguration?, logger: Logger, clock: any StrataClock = SystemClock()
    ) -> any SyncEngine {
        LiveSyncEngine(
            data: data, configuration: configuration, transport: configuration.map { HTTPTransport(configuration: $0) },
            logger: logger, clock: clock, sleep: nil)
    }

    /// The engine for `data` with the HTTP exchange swapped for `transport` (a scripted server)
    /// and, optionally, the backoff's waiting swapped for `sleep` (a test records the delays)
    /// and its jitter's random source for `random` (a test draws the ceiling to see it).
    public static func live(
        data: any DataLayer, configuration: SyncConfiguration, transport: any SyncTransport, logger: Logger,
        clock: any StrataClock = SystemClock(), sleep: SyncSleep? = nil,
        random: (@Sendable (ClosedRange<Double>) -> Double)? = nil
    ) -> any SyncEngine {
        LiveSyncEngine(
            data: data, configuration: configuration, transport: transport, logger: logger, clock: clock, sleep: sleep,
            random: random)
    }

    /// An engine with no server: login and sync throw ``SyncError`` `offline` (naming
    /// `STRATA_SERVER_URL`), a local logout clears the session, and the status is the store's.
    public static func offline(
        data: any DataLayer, logger: Logger = Logger(label: "strata.sync") { _ in SwiftLogNoOpLogHandler() },
        clock: any StrataClock = SystemClock()
    ) -> any SyncEngine {
        LiveSyncEngine(data: data, configuration: nil, transport: nil, logger: logger, clock: clock, sleep: nil)
    }

    /// On-demand reads of `serverOnly` types (``RemoteObjectStore``) as `data`'s signed-in user,
    /// from the server `configuration` names over HTTP (the process's one shared client);
    /// without a configuration every read fails `offline`. Nothing read is stored.
    public static func remote(
        data: any DataLayer, configuration: SyncConfiguration?,
        logger: Logger = Logger(label: "strata.sync.remote") { _ in SwiftLogNoOpLogHandler() }
    ) -> any RemoteObjectStore {
        LiveRemoteObjectStore(
            session: data.session,
            client: configuration.map { SyncClient(transport: HTTPTransport(configuration: $0), configuration: $0) },
            logger: logger)
    }

    /// ``remote(data:configuration:logger:)`` with the HTTP exchange swapped for `transport`
    /// (a scripted server: `StrataSyncTesting`'s `SyncFactory.scriptedRemote(data:script:)`).
    public static func remote(
        data: any DataLayer, configuration: SyncConfiguration, transport: any SyncTransport,
        logger: Logger = Logger(label: "strata.sync.remote") { _ in SwiftLogNoOpLogHandler() }
    ) -> any RemoteObjectStore {
        LiveRemoteObjectStore(
            session: data.session, client: SyncClient(transport: transport, configuration: configuration), logger: logger)
    }
}
