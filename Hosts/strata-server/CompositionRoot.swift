import StrataCrossCutting
import StrataServerData
import StrataServerDomain
import StrataServerKit

/// The only place in `strata-server` that picks implementations: SQLite storage in the data
/// directory, the system clock, and the server's use cases over them.
enum CompositionRoot {
    /// The services over SQLite storage in `launch.dataDirectory`.
    @Sendable static func makeServices(_ launch: ServerLaunch) throws -> any ServerServices {
        let data = try ServerDataFactory.sqlite(directory: launch.dataDirectory, logger: launch.logger)
        return ServerDomainFactory.make(data: data, clock: SystemClock(), settings: launch.settings, logger: launch.logger)
    }
}
