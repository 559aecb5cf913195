import Foundation
import Logging
import StrataCrossCutting
import PostgresNIO
import Synchronization

/// The epoch, and `admin backup` / `admin restore` of a PostgreSQL database: `pg_dump
/// --format=custom` (a consistent snapshot, taken while servers keep serving) and `pg_restore
/// --clean` into a database no other session uses, followed by the pending migrations and a
/// new epoch (see ``ServerDataLayer/epoch()``).
extension PostgresServerData {
    func epoch() async throws -> String? {
        if let known = knownEpoch.withLock({ $0 }) { return known }
        let rows = try await database.rows(
            "reading the server epoch", PostgresStatement("SELECT epoch FROM server_identity WHERE id = 1"))
        let read = try rows.first?.decode(String.self)
        knownEpoch.withLock { $0 = read }
        return read
    }

    /// Dumps the database `url` names into `file` (replaced when it exists and `force`).
    static func backup(url: String, to file: URL, force: Bool, logger: Logger) async throws -> String {
        let parsed = try await BlockingLane.shared.run { try PostgresURL(url) }  // reads sslrootcert
        try await probe(parsed, logger: logger)
        try await BlockingLane.shared.run {
            if FileManager.default.fileExists(atPath: file.path) {
                guard force else {
                    throw ServerDataError(.duplicate, "\(file.path) already exists; give --force to replace it, or name a new file")
                }
                try? FileManager.default.removeItem(at: file)
            }
        }
        try await run("pg_dump", ["--format=custom", "--no-owner", "--file=\(file.path)"], parsed)
        await BlockingLane.shared.run { _ = chmod(file.path, 0o600) }
        return "backed up the PostgreSQL database \(parsed.place) to \(file.path)"
    }

    /// Restores the dump `file` into the database `url` names, applies the pending migrations
    /// and gives the database a new epoch.
    ///
    /// - Throws: ``ServerDataError`` when `file` does not exist, when another session uses the
    ///   database (a running server), when it holds server data and not `force`, or when
    ///   `pg_restore` fails.
    static func restore(url: String, from file: URL, force: Bool, logger: Logger) async throws -> String {
        let parsed = try await BlockingLane.shared.run { try PostgresURL(url) }  // reads sslrootcert
        guard await BlockingLane.shared.run({ FileManager.default.fileExists(atPath: file.path) }) else {
            throw ServerDataError(.notFound, "no backup file \(file.path)")
        }
        let (others, holdsData) = try await inspect(parsed, logger: logger)
        if others > 0 {
            throw ServerDataError(
                .cannotOpen,
                "\(others) other session\(others == 1 ? "" : "s") use\(others == 1 ? "s" : "") the database \(parsed.place) "
                    + "(a running strata-server?); stop every server first")
        }
        if holdsData, !force {
            throw ServerDataError(
                .duplicate, "the database \(parsed.place) already holds server data; give --force to replace it with the backup")
        }
        try await run("pg_restore", ["--clean", "--if-exists", "--no-owner", "--single-transaction", file.path], parsed)
        let data = try await open(url: url, logger: logger)
        do {
            try await data.database.rows("renewing the server epoch", PostgresStatement(PostgresSchema.renewEpoch))
        } catch {
            await data.database.close()
            throw error
        }
        let epoch = try await data.epoch() ?? ""
        await data.database.close()
        return "restored the PostgreSQL database \(parsed.place) from \(file.path); the server's new epoch is \(epoch)"
    }

    /// How many other sessions use the database, and whether it holds server data.
    private static func inspect(_ url: PostgresURL, logger: Logger) async throws -> (others: Int, holdsData: Bool) {
        try await probe(url, logger: logger)
        do {
            let connection = try await PostgresConnection.connect(configuration: url.connectionConfiguration, id: 0, logger: logger)
            let query: PostgresQuery = """
                SELECT (SELECT COUNT(*) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()
                          AND backend_type = 'client backend')::BIGINT,
                       (to_regclass('strata_migrations') IS NOT NULL)
                """
            var others: Int64 = 0
            var holdsData = false
            do {
                for try await (count, data) in try await connection.query(query, logger: logger).decode((Int64, Bool).self) {
                    others = count
                    holdsData = data
                }
            } catch {
                try? await connection.close()
                throw error
            }
            try? await connection.close()
            return (Int(others), holdsData)
        } catch let error as ServerDataError {
            throw error
        } catch {
            throw ServerDataError(.storage, "cannot inspect the database \(url.place): \(String(describing: error).prefix(300))")
        }
    }

    /// Runs a PostgreSQL client program on the database `url` names (its password in
    /// `PGPASSWORD`, never on the command line) and waits for it off the caller's thread.
    private static func run(_ program: String, _ arguments: [String], _ url: PostgresURL) async throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments =
            [program, "--host=\(url.host)", "--port=\(url.port)", "--username=\(url.user)", "--dbname=\(url.database)", "--no-password"]
            + arguments
        var environment = ProcessInfo.processInfo.environment
        environment["PGPASSWORD"] = url.password
        environment["PGSSLMODE"] = url.sslMode.rawValue
        environment["PGSSLROOTCERT"] = url.rootCertificate
        process.environment = environment
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        let failure: String? = try await BlockingLane.shared.run {
            try process.run()
            let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            return process.terminationStatus == 0 ? nil : text
        }
        if let failure {
            let line = failure.split(whereSeparator: \.isNewline).first.map(String.init) ?? "exit status \(process.terminationStatus)"
            let missing = failure.contains("No such file") && failure.contains(program)
            throw ServerDataError(
                .storage,
                missing
                    ? "\(program) is not installed: install the PostgreSQL client programs (Debian: postgresql-client)"
                    : "\(program) failed: \(line.prefix(300))")
        }
    }
}
