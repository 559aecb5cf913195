#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// Where the server is and how to talk to it: given to
/// ``SyncFactory/live(data:configuration:logger:clock:)``; without one the engine is offline.
///
/// The hosts that sync read it from the environment (``fromEnvironment(_:)``, on
/// `StrataCrossCutting`'s `ServerEnvironment`); `strata-status`, which only shows the
/// configured server and never links the engine, reads the `ServerEnvironment` alone.
public struct SyncConfiguration: Sendable, Hashable {
    /// The server's base URL, e.g. `http://127.0.0.1:8080`.
    public var serverURL: URL
    /// The app id: with the version, it selects the server-side database.
    public var appID: String
    /// The app version.
    public var appVersion: String
    /// The app key issued by `strata-server admin app create`.
    public var appKey: String
    /// This device's id for push messages; `nil` makes one once and keeps it in the store.
    public var deviceID: String?
    /// The device's name for people (the host name, say).
    public var deviceName: String
    /// Seconds a request may take before it counts as a network failure.
    public var requestTimeout: Double
    /// The most changes sent per request (strata-server takes at most 1,000 by default and
    /// answers 413 to more, which halves the batches).
    public var batchSize: Int
    /// The largest push body in bytes: a batch of large changes is cut short to stay within
    /// it (strata-server reads at most 1 MiB). One change larger than this is sent alone. If
    /// the server answers 413 anyway, the batches are halved until they pass; a single change
    /// it still refuses is rejected.
    public var maxRequestBytes: Int
    /// Objects asked for per pull request (the server sends at most 1,000).
    public var pullPageSize: Int
    /// The first delay after a network or 5xx failure, in seconds; it doubles each time (the
    /// ceiling of a `Backoff` with full jitter: each wait is drawn at random below it).
    public var retryDelay: Double
    /// The longest delay between retries, in seconds.
    public var maxRetryDelay: Double
    /// How many times one sync (`SyncEngine.syncNow()`) tries a request before giving up.
    public var maxAttempts: Int
    /// How often the background loop looks for work, in seconds.
    public var pollInterval: Double
    /// How often the background loop fetches the log level and uploads logs, in seconds.
    public var logUploadInterval: Double

    /// A configuration; everything but the server and the app has a working default.
    public init(
        serverURL: URL, appID: String, appVersion: String, appKey: String, deviceID: String? = nil,
        deviceName: String = "strata", requestTimeout: Double = 30, batchSize: Int = 1000, pullPageSize: Int = 1000,
        maxRequestBytes: Int = 512 * 1024, retryDelay: Double = 0.5, maxRetryDelay: Double = 30, maxAttempts: Int = 4,
        pollInterval: Double = 5, logUploadInterval: Double = 60
    ) {
        self.serverURL = serverURL
        self.appID = appID
        self.appVersion = appVersion
        self.appKey = appKey
        self.deviceID = deviceID
        self.deviceName = deviceName
        self.requestTimeout = requestTimeout
        self.batchSize = max(1, batchSize)
        self.pullPageSize = max(1, pullPageSize)
        self.maxRequestBytes = max(1024, maxRequestBytes)
        self.retryDelay = max(0, retryDelay)
        self.maxRetryDelay = max(0, maxRetryDelay)
        self.maxAttempts = max(1, maxAttempts)
        self.pollInterval = max(0.05, pollInterval)
        self.logUploadInterval = max(1, logUploadInterval)
    }
}
