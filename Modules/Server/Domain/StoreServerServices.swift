import Logging
import StrataCrossCutting
import StrataServerData

/// The ``ServerServices`` over a ``ServerDataLayer``.
struct StoreServerServices: ServerServices {
    let auth: any AuthService
    let objects: any ObjectService
    let client: any ClientService
    let admin: any AdminService

    init(data: any ServerDataLayer, clock: any StrataClock, settings: ServerSettings, logger: Logger) {
        auth = StoreAuthService(data: data, clock: clock, settings: settings, logger: logger.component("auth"))
        objects = StoreObjectService(data: data, settings: settings, logger: logger.component("objects"))
        let arrivals = PushArrivals(
            control: data.control, signals: { data.pushSignals() }, checkInterval: settings.pushCheckInterval, logger: logger.component("push"))
        client = StoreClientService(
            data: data, clock: clock, settings: settings, logger: logger.component("client"), arrivals: arrivals)
        admin = StoreAdminService(data: data, clock: clock, settings: settings, arrivals: arrivals)
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
            default: throw ServerError(.storage, error.message)
            }
        }
    }
}
