import CoreMetrics
import Metrics
import StrataWire

/// The sync counters, through the swift-metrics API (the host bootstraps the backend, e.g.
/// Prometheus; without one they cost nothing): `strata_changes_total{status}` (applied,
/// duplicate, rejected) and `strata_pull_pages_total`.
struct SyncMetrics: Sendable {
    private let applied = Counter(label: "strata_changes_total", dimensions: [("status", "applied")])
    private let duplicate = Counter(label: "strata_changes_total", dimensions: [("status", "duplicate")])
    private let rejected = Counter(label: "strata_changes_total", dimensions: [("status", "rejected")])
    private let pullPages = Counter(label: "strata_pull_pages_total")

    /// Counts a push's results by status.
    func record(_ results: [ChangeResult]) {
        var counts = (applied: 0, duplicate: 0, rejected: 0)
        for result in results {
            switch result.status {
            case "applied": counts.applied += 1
            case "duplicate": counts.duplicate += 1
            default: counts.rejected += 1
            }
        }
        if counts.applied > 0 { applied.increment(by: counts.applied) }
        if counts.duplicate > 0 { duplicate.increment(by: counts.duplicate) }
        if counts.rejected > 0 { rejected.increment(by: counts.rejected) }
    }

    /// Counts one pull page answered.
    func recordPullPage() { pullPages.increment() }
}
