import Logging
import PostgresNIO
import StrataCrossCutting
import Synchronization

/// The PostgreSQL ``ServerDataLayer``: one database holds the control tables and every app
/// version's objects (see ``PostgresSchema``), through one pooled client.
final class PostgresServerData: ServerDataLayer {
    let control: any ControlStore
    let database: ServerPostgres
    /// The migrations opening applied (`<number> <name>`), none when the database was current.
    let appliedMigrations: [String]
    /// App versions whose counter row exists.
    private let known = Mutex<Set<String>>([])
    private let listener: PostgresPushListener
    /// The epoch once read (see ``epoch()``).
    let knownEpoch = Mutex<String?>(nil)

    /// Connects to `url`, applies the pending migrations and returns the layer.
    static func open(url: String, logger: Logger) async throws -> PostgresServerData {
        let parsed = try await BlockingLane.shared.run { try PostgresURL(url) }  // reads sslrootcert
        try await probe(parsed, logger: logger)
        let database = ServerPostgres(
            configuration: parsed.configuration, place: parsed.place, leaseTimeout: parsed.connectTimeout, logger: logger)
        let applied = try await PostgresSchema.migrations.run(on: database)
        logger.debug("opened the PostgreSQL database", metadata: ["database": "\(parsed.place)", "migrated": "\(applied)"])
        return PostgresServerData(
            database: database, appliedMigrations: applied,
            listener: PostgresPushListener(configuration: parsed.connectionConfiguration, place: parsed.place, logger: database.logger))
    }

    /// Connects once on a connection of its own, so that a database that cannot be reached,
    /// refuses the login or fails TLS verification is one error now, naming why (the pool
    /// would keep trying in the background while every statement waits).
    static func probe(_ url: PostgresURL, logger: Logger) async throws {
        do {
            let connection = try await PostgresConnection.connect(configuration: url.connectionConfiguration, id: 0, logger: logger)
            try? await connection.close()
        } catch {
            throw ServerDataError(.cannotOpen, "cannot connect to PostgreSQL at \(url.place): \(connectFailure(error, url))")
        }
    }

    /// Why a connection to `url` failed, in words an operator acts on (postgres-nio's and
    /// BoringSSL's own text otherwise, on one line).
    static func connectFailure(_ error: any Error, _ url: PostgresURL) -> String {
        let text = ((error as? PSQLError).map(ServerPostgres.describe) ?? "\(error)")
            .split(whereSeparator: \.isNewline).joined(separator: " ")
        let mode = "sslmode=\(url.sslMode.rawValue)"
        if text.contains("CERTIFICATE_VERIFY_FAILED") {
            return url.rootCertificate == nil
                ? "its TLS certificate is not trusted by this system (\(mode)); name its root with sslrootcert=FILE"
                : "its TLS certificate does not lead to the root in sslrootcert=\(url.rootCertificate ?? "") (\(mode))"
        }
        if text.contains("failedToValidateHostname") || text.contains("unableToValidateCertificate") {
            return "its TLS certificate does not name \(url.host) (\(mode); verify-ca checks the root only)"
        }
        if let error = error as? PSQLError, error.code == .sslUnsupported {
            return "the server does not offer TLS, which \(mode) requires"
        }
        if text.contains("Connection refused") { return "the connection was refused: nothing listens on \(url.address)" }
        return String(text.prefix(400))
    }

    private init(database: ServerPostgres, appliedMigrations: [String], listener: PostgresPushListener) {
        self.database = database
        self.appliedMigrations = appliedMigrations
        self.listener = listener
        control = PostgresControlStore(database: database)
    }

    func close() async throws {
        await database.close()
    }

    /// Listens on a connection of its own (`LISTEN`), see ``PostgresPushListener``.
    func pushSignals() -> AsyncStream<PushSignal>? { listener.signals() }

    func checkReady() async throws {
        let expected = PostgresSchema.migrations.migrations.count
        let rows = try await database.rows(
            "reading the schema version", PostgresStatement("SELECT COALESCE(MAX(number), 0)::BIGINT FROM strata_migrations"))
        let version = Int(try rows.first?.decode(Int64.self) ?? 0)
        try SchemaVersionCheck.check("the database", version: version, expected: expected)
    }

    func appStore(appId: String, version: String) async throws -> any AppObjectStore {
        try SQLiteServerData.checkName(appId, what: "app id")
        try SQLiteServerData.checkName(version, what: "app version")
        let app = "\(appId)@\(version)"
        if !known.withLock({ $0.contains(app) }) {
            var statement = PostgresStatement()
            statement.append("INSERT INTO app_counters (app, value) VALUES (\(statement.bind(app)), 0) ON CONFLICT (app) DO NOTHING")
            try await database.rows("creating the store of app \(app)", statement)
            _ = known.withLock { $0.insert(app) }
        }
        return PostgresAppStore(database: database, app: app)
    }
}
