import CoreMetrics
import Metrics

/// The PostgreSQL pool's usage, through the swift-metrics API (postgres-nio reports none of
/// its own): connections in use and the most the pool opens, leases waiting for one, how long
/// a lease waited, and the leases that waited in vain (``ServerPostgres/leaseTimeout``) or whose
/// connection was lost.
struct PostgresPoolMetrics: Sendable {
    private let inUse = Meter(label: "strata_db_connections_in_use")
    private let waiting = Meter(label: "strata_db_lease_waiting")
    private let waited = Timer(label: "strata_db_lease_wait_seconds", preferredDisplayUnit: .seconds)
    private let unavailable = Counter(label: "strata_db_unavailable_total")

    /// Records the pool's size (`strata_db_connections_max`).
    init(maximumConnections: Int) {
        Meter(label: "strata_db_connections_max").set(maximumConnections)
    }

    /// A lease starts waiting for a connection.
    func leaseRequested() { waiting.increment() }

    /// A lease got its connection after `wait`.
    func leaseGranted(after wait: Duration) {
        waiting.decrement()
        waited.recordNanoseconds(Int64(wait.components.seconds) * 1_000_000_000 + wait.components.attoseconds / 1_000_000_000)
        inUse.increment()
    }

    /// A leased connection went back to the pool.
    func leaseReturned() { inUse.decrement() }

    /// A leased connection failed its statement for want of the database: the connection was
    /// lost or the statement went unanswered (answered 503 `unavailable`, as a lease that timed out).
    func connectionLost() { unavailable.increment() }

    /// A lease gave up (timed out or was cancelled) before it got a connection.
    func leaseAbandoned(timedOut: Bool) {
        waiting.decrement()
        if timedOut { unavailable.increment() }
    }
}
