/// Every server use case, for the HTTP handlers and the admin commands.
public protocol ServerServices: Sendable {
    /// Login, logout, tokens.
    var auth: any AuthService { get }
    /// Push, pull, fetch.
    var objects: any ObjectService { get }
    /// Config, logs, devices, push poll.
    var client: any ClientService { get }
    /// The admin commands.
    var admin: any AdminService { get }
    /// The uploaded logs, for `admin logs` and `admin stats`.
    var logs: any UsageLogService { get }
    /// The web console's sign-in and sessions (`/admin`).
    var console: any ConsoleAuthService { get }

    /// Whether the database answers and its migrations are current, within two
    /// seconds (a database that does not answer by then is not ready).
    func readiness() async -> ServerReadiness

    /// Closes the storage under the services (``ServerDataLayer/close()``) once the server has
    /// stopped using them: the pool's connections, the database files.
    ///
    /// - Throws: ``ServerError`` (`storage`) naming what could not be closed.
    func close() async throws
}
