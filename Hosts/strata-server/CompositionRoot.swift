import StrataCrossCutting
import StrataServerData
import StrataServerDomain
import StrataServerKit

/// The only place in `strata-server` that picks implementations: the storage the launch names
/// (PostgreSQL for a `--database` URL, else SQLite in the data directory), the system clock, and
/// the server's use cases over them.
enum CompositionRoot {
    /// The services over the launch's storage (its pending migrations applied first); a data
    /// directory without server data is created only when the command creates storage.
    @Sendable static func makeServices(_ launch: ServerLaunch) async throws -> any ServerServices {
        let data = try await refusingBadURL(launch) {
            do {
                return try await ServerDataFactory.open(
                    database: launch.database, dataDirectory: launch.dataDirectory, create: launch.createsStorage,
                    logger: launch.logger)
            } catch let error as ServerDataError where error.code == .notFound && launch.database == nil {
                throw launch.missingData(error.message)
            }
        }
        return ServerDomainFactory.make(data: data, clock: SystemClock(), settings: launch.settings, logger: launch.logger)
    }

    /// Applies the launch's storage's pending migrations; returns what it applied.
    @Sendable static func migrate(_ launch: ServerLaunch) async throws -> [String] {
        try await refusingBadURL(launch) {
            try await ServerDataFactory.migrate(database: launch.database, dataDirectory: launch.dataDirectory, logger: launch.logger)
        }
    }

    /// Runs `admin backup` or `admin restore` on the launch's storage; returns its one line.
    @Sendable static func storage(_ launch: ServerLaunch, _ operation: StorageOperation) async throws -> String {
        try await refusingBadURL(launch) {
            switch operation.kind {
            case .backup:
                try await ServerDataFactory.backup(
                    database: launch.database, dataDirectory: launch.dataDirectory, to: operation.file, force: operation.force,
                    logger: launch.logger)
            case .restore:
                try await ServerDataFactory.restore(
                    database: launch.database, dataDirectory: launch.dataDirectory, from: operation.file, force: operation.force,
                    logger: launch.logger)
            }
        }
    }

    /// `body`, with a database URL the data layer refuses turned into the launch's usage error.
    private static func refusingBadURL<T>(_ launch: ServerLaunch, _ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch let error as ServerDataError where error.code == .invalidConfiguration {
            throw launch.badDatabase(error.message)
        }
    }
}
