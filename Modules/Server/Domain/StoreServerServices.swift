import Logging
import StrataCrossCutting
import StrataServerData

/// The ``ServerServices`` over a ``ServerDataLayer``.
struct StoreServerServices: ServerServices {
    let auth: any AuthService
    let objects: any ObjectService
    let client: any ClientService
    let admin: any AdminService
    let logs: any UsageLogService
    let console: any ConsoleAuthService
    private let data: any ServerDataLayer
    /// Where readiness's failures are told in full (its answer to the probe says less).
    private let readinessLogger: Logger

    /// How long ``readiness()`` waits for the database (``ServerSettings/readinessTimeout``).
    private let readinessTimeout: Duration

    init(data: any ServerDataLayer, clock: any StrataClock, settings: ServerSettings, logger: Logger) {
        self.data = data
        readinessLogger = logger.component("readiness")
        readinessTimeout = settings.readinessTimeout
        auth = StoreAuthService(data: data, clock: clock, settings: settings, logger: logger.component("auth"))
        let arrivals = PushArrivals(
            control: data.control, signals: { data.pushSignals() }, checkInterval: settings.pushCheckInterval, logger: logger.component("push"))
        objects = StoreObjectService(
            data: data, settings: settings, logger: logger.component("objects"), arrivals: arrivals, clock: clock)
        client = StoreClientService(
            data: data, clock: clock, settings: settings, logger: logger.component("client"), arrivals: arrivals)
        admin = StoreAdminService(data: data, clock: clock, settings: settings, arrivals: arrivals)
        logs = StoreUsageLogService(data: data, clock: clock)
        console = StoreConsoleAuthService(data: data, clock: clock, settings: settings, logger: logger.component("console"))
    }

    func close() async throws {
        let data = data
        try await ServerError.mapping { try await data.close() }
    }

    func readiness() async -> ServerReadiness {
        let data = data
        let logger = readinessLogger
        let timeout = readinessTimeout
        return await withTaskGroup(of: ServerReadiness?.self) { group in
            group.addTask {
                do {
                    try await data.checkReady()
                    return .ready
                } catch let error as ServerDataError where error.code == .cannotOpen {
                    // The schema is not this server's: both versions and what to do, no location.
                    return .notReady(error.message)
                } catch {
                    // The probe is anonymous: the database's host, port, name or file only in the log.
                    logger.warning("not ready", metadata: ["error": "\(error)"])
                    return .notReady("the database is unavailable")
                }
            }
            group.addTask {
                try? await Task.sleep(for: timeout)
                return Task.isCancelled ? nil : .notReady("the database did not answer within \(timeout.components.seconds) s")
            }
            var answer = ServerReadiness.notReady("the database check ended without an answer")
            if let first = await group.next(), let first { answer = first }
            group.cancelAll()
            return answer
        }
    }
}

extension ServerError {
    /// Runs `body`, turning a ``ServerDataError`` into the matching ``ServerError``.
    static func mapping<T>(_ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch let error as ServerDataError {
            switch error.code {
            case .duplicate: throw ServerError(.conflict, error.message)
            case .notFound: throw ServerError(.notFound, error.message)
            case .invalidName, .invalidQuery: throw ServerError(.badRequest, error.message)
            case .unavailable: throw ServerError(.unavailable, error.message)
            default: throw ServerError(.storage, error.message)
            }
        }
    }
}
