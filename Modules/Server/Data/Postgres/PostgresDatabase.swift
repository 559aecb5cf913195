import Foundation
import Logging
import PostgresNIO
import Synchronization

/// The server's PostgreSQL database: a pooled ``PostgresClient`` (run by a task this value owns
/// for as long as it lives) and the store's few ways of running statements. PostgreSQL's errors
/// become ``ServerDataError``s: a constraint violation is `duplicate` (as on SQLite), anything else `storage`
/// with the server's own message (never the URL or its password).
final class ServerPostgres: Sendable {
    let client: PostgresClient
    let logger: Logger
    /// Where the database is, for messages: host, port and database name (no user, no password).
    let place: String
    private let runner: Task<Void, Never>
    /// The logger at the caller's level, for the pool's own life (``logger`` is quieter).
    private let lifecycle: Logger
    private let metrics: PostgresPoolMetrics
    /// Whether the planner has statistics for `objects` (how a push looks its objects up).
    let statistics = PostgresPlannerStatistics()

    init(configuration: PostgresClient.Configuration, place: String, leaseTimeout: Duration = .seconds(5), logger: Logger) {
        self.leaseTimeout = leaseTimeout
        var quiet = logger
        quiet.logLevel = max(logger.logLevel, .notice)
        client = PostgresClient(configuration: configuration, backgroundLogger: quiet)
        self.logger = quiet
        self.place = place
        lifecycle = logger
        metrics = PostgresPoolMetrics(maximumConnections: configuration.options.maximumConnections)
        let client = client
        // Immediate: `run()` marks the client running before its first suspension, so the first
        // query never finds it "not run yet" (postgres-nio warns then).
        runner = Task.immediate { await client.run() }
    }

    deinit {
        runner.cancel()
    }

    /// Shuts the pool down: it closes idle connections at once and leased ones when they come
    /// back; returns when every connection is closed.
    func close() async {
        await statistics.close()
        runner.cancel()
        await runner.value
        lifecycle.debug("closed the database pool", metadata: ["database": "\(place)"])
    }

    /// How long a statement waits for a pooled connection (the URL's `connect_timeout`, 5 s by
    /// default): past it the database is down, unreachable or saturated, and the request fails
    /// with `unavailable` (503) rather than waiting while the pool keeps trying to connect.
    let leaseTimeout: Duration

    /// How long one statement waits for PostgreSQL's answer: past it the server is gone or cut
    /// off without the connection noticing, and the request fails with `unavailable` (503) and
    /// the connection is closed (``PostgresDeadline``). Generous: a push's first statement may
    /// wait for the app version's counter lock behind other pushes. Migrations are not bounded.
    static let statementTimeout: Duration = .seconds(30)

    /// How long a `ROLLBACK` after a failure may take before the connection is closed instead
    /// (closing ends the transaction on the server as surely).
    static let rollbackTimeout: Duration = .seconds(5)

    /// Runs `statement` on a pooled connection and returns its rows.
    @discardableResult
    func rows(_ what: @autoclosure () -> String, _ statement: PostgresStatement) async throws -> [PostgresRow] {
        do {
            let logger = logger
            return try await leased { connection in try await connection.rows(statement, logger: logger) }
        } catch {
            throw mapped(error, what())
        }
    }

    /// Runs `body` on a pooled connection, failing with `unavailable` when none is had within
    /// ``leaseTimeout`` (the lease is cancelled; a body that started runs to its end).
    private func leased<T: Sendable>(_ body: @escaping @Sendable (PostgresConnection) async throws -> T) async throws -> T {
        let lease = LeaseState()
        let (client, place, metrics, leaseTimeout) = (client, place, metrics, leaseTimeout)
        let requested = ContinuousClock.now
        metrics.leaseRequested()
        return try await withThrowingTaskGroup(of: T?.self) { group in
            group.addTask {
                do {
                    return try await client.withConnection { connection in
                        lease.started.store(true, ordering: .relaxed)
                        metrics.leaseGranted(after: ContinuousClock.now - requested)
                        defer { metrics.leaseReturned() }
                        do {
                            return try await body(connection)
                        } catch {
                            if Self.isConnectionLost(error) || (error as? ServerDataError)?.code == .unavailable { metrics.connectionLost() }
                            throw error
                        }
                    }
                } catch {
                    if !lease.started.load(ordering: .relaxed) { metrics.leaseAbandoned(timedOut: lease.timedOut.load(ordering: .relaxed)) }
                    throw error
                }
            }
            group.addTask {
                try await Task.sleep(for: leaseTimeout)
                guard lease.started.load(ordering: .relaxed) else {
                    lease.timedOut.store(true, ordering: .relaxed)
                    throw ServerDataError(
                        .unavailable, "no connection to PostgreSQL at \(place) within \(leaseTimeout.components.seconds) s")
                }
                return nil
            }
            while let next = try await group.next() {
                if let result = next {
                    group.cancelAll()
                    return result
                }
            }
            throw CancellationError()
        }
    }

    /// Runs `body` in one transaction on one pooled connection: it commits, or rolls back when
    /// `body` throws.
    func transaction<T: Sendable>(
        _ what: @autoclosure () -> String, _ body: @Sendable (PostgresConnection) async throws -> T
    ) async throws -> T {
        do {
            let logger = logger
            // The lease's task ends before `leased` returns: nothing keeps `body` past this call.
            return try await withoutActuallyEscaping(body) { body in try await transaction(body, logger: logger) }
        } catch {
            throw mapped(error, what())
        }
    }

    private func transaction<T: Sendable>(
        _ body: @escaping @Sendable (PostgresConnection) async throws -> T, logger: Logger
    ) async throws -> T {
        try await leased { connection in
            try await connection.rows(PostgresStatement("BEGIN"), logger: logger)
            do {
                let result = try await body(connection)
                try await connection.rows(PostgresStatement("COMMIT"), logger: logger)
                return result
            } catch {
                await Self.rollBack(connection, after: error, logger: logger)
                throw error
            }
        }
    }

    /// Ends a failed transaction: `ROLLBACK`, bounded by ``rollbackTimeout``; on a connection the
    /// server has already left (``isConnectionLost(_:)``) none is sent, since none would ever be
    /// answered, and the connection is closed; a `ROLLBACK` that fails or is not answered in time
    /// closes it too. Either way the pool never lends a connection still inside the transaction.
    static func rollBack(_ connection: PostgresConnection, after error: any Error, logger: Logger) async {
        if isConnectionLost(error) || connection.isClosed {
            await connection.closeAbandoned(logger: logger)
            return
        }
        do {
            try await connection.rows(PostgresStatement("ROLLBACK"), logger: logger, within: rollbackTimeout)
        } catch {
            await connection.closeAbandoned(logger: logger)
        }
    }

    /// Whether `error` says the connection to PostgreSQL is gone or the server is going away or
    /// not taking work (SQLSTATE class 08, connection exception; 57P, shut down or starting; 53300,
    /// too many connections): a 503 the client retries, not a 500.
    static func isConnectionLost(_ error: any Error) -> Bool {
        guard let error = error as? PSQLError else { return false }
        if [.serverClosedConnection, .clientClosedConnection, .connectionError, .uncleanShutdown, .poolClosed].contains(error.code) {
            return true
        }
        guard let state = error.serverInfo?[.sqlState] else { return false }
        return state.hasPrefix("08") || state.hasPrefix("57P") || state == "53300"
    }

    /// `error` as a ``ServerDataError`` naming `what` and the database; a ``ServerDataError``
    /// and a cancellation as they are.
    func mapped(_ error: any Error, _ what: String) -> any Error {
        switch error {
        case let error as ServerDataError: return error
        case let error as CancellationError: return error
        case let error as PSQLError:
            if error.serverInfo?[.sqlState]?.hasPrefix("23") == true { return ServerDataError(.duplicate, "\(what) already exists") }
            if Self.isConnectionLost(error) {
                return ServerDataError(.unavailable, "\(what) failed: the connection to PostgreSQL at \(place) was lost (\(Self.describe(error)))")
            }
            return ServerDataError(.storage, "\(what) failed on PostgreSQL at \(place): \(Self.describe(error))")
        default:
            return ServerDataError(.storage, "\(what) failed on PostgreSQL at \(place): \(error)")
        }
    }

    /// The server's message and SQL state, or what kind of failure it was (postgres-nio's
    /// `description` hides both on purpose).
    static func describe(_ error: PSQLError) -> String {
        if let message = error.serverInfo?[.message] {
            return "\(message) (SQLSTATE \(error.serverInfo?[.sqlState] ?? "?"))"
        }
        if let underlying = error.underlying { return "\(error.code): \(underlying)" }
        return "\(error.code)"
    }
}

/// Whether a lease's body has started, and whether its timer gave up (shared by the lease and its timer).
private final class LeaseState: Sendable {
    let started = Atomic(false)
    let timedOut = Atomic(false)
}
