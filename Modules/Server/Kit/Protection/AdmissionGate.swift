import Hummingbird
import Synchronization

/// A bound on the requests of one kind in flight: at most `limit` run or wait at once; one
/// more is refused with 503 `busy` and `Retry-After: 1` instead of queueing without bound.
///
/// The gate runs nothing itself: a request's SQLite work runs on its database's queues (GRDB's
/// async API), a login's hashing on the ``WorkPool``.
final class AdmissionGate: Sendable {
    let name: String
    let limit: Int
    private let inFlight = Mutex(0)

    /// A gate for `limit` requests named `name` in messages (`storage`, `login`).
    init(name: String, limit: Int) {
        self.name = name
        self.limit = limit
    }

    /// Runs `body` when fewer than `limit` requests are in flight.
    ///
    /// - Throws: ``HTTPFailure`` 503 when `limit` requests are already in flight; whatever `body` throws.
    func admit<T>(_ body: () async throws -> T) async throws -> T {
        let admitted = inFlight.withLock { count in
            guard count < limit else { return false }
            count += 1
            return true
        }
        guard admitted else {
            throw HTTPFailure(
                .serviceUnavailable, "busy", "the server has \(limit) \(name) requests waiting; try again shortly",
                retryAfter: 1)
        }
        defer { inFlight.withLock { $0 -= 1 } }
        return try await body()
    }

    /// The requests in flight now.
    var pending: Int { inFlight.withLock { $0 } }
}
