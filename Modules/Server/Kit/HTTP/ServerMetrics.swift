import Foundation
import Hummingbird
import CoreMetrics
import Metrics
import NIOCore

/// The HTTP layer's metrics, through the swift-metrics API (the host bootstraps the backend):
/// `strata_login_failures_total`, `strata_login_refusals_total` (the throttle's 429s) and the
/// gauge `strata_long_polls_open`; the requests by route and status and their latency come from
/// ``RequestMetricsMiddleware``.
struct ServerMetrics: Sendable {
    private let loginFailures = Counter(label: "strata_login_failures_total")
    private let loginRefusals = Counter(label: "strata_login_refusals_total")
    private let openPolls = Meter(label: "strata_long_polls_open")
    /// The exposition `GET /metrics` serves (Prometheus' text format), or `nil` when the host
    /// bootstrapped no backend that can render one.
    let exposition: MetricsExposition?

    /// Counts a login refused for a wrong account or password.
    func loginFailed() { loginFailures.increment() }

    /// Counts a login the throttle refused (429) before any password work.
    func loginRefused() { loginRefusals.increment() }

    /// Runs a long poll's wait, counted among the open ones meanwhile.
    func polling<T>(_ body: () async throws -> T) async rethrows -> T {
        openPolls.increment()
        defer { openPolls.decrement() }
        return try await body()
    }

    /// `GET /metrics`: the exposition as `text/plain; version=0.0.4`, empty without one.
    func response() -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "text/plain; version=0.0.4; charset=utf-8"
        return Response(
            status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: exposition?.render() ?? [])))
    }
}
