import CoreMetrics
import Hummingbird
import Metrics
import Synchronization

/// Counts every request by route, method and status (`strata_http_requests_total`) and records
/// its latency (`strata_http_request_duration_seconds`, a histogram), through swift-metrics.
///
/// It is the outermost middleware, so it sees the status the client gets (after
/// ``WireErrorMiddleware`` answered any failure). It records when the handler returns, before
/// the body is written, and leaves the body alone: Hummingbird's own `MetricsMiddleware` wraps
/// the body in a closure, which sends the head and the body in two writes.
final class RequestMetricsMiddleware<Context: RequestContext>: RouterMiddleware {
    /// One series: the route template (`/v1/objects/{type}`; `unmatched` for no route), the method,
    /// the status.
    struct Series: Hashable {
        let route: String
        let method: String
        let status: Int
    }

    private let series = Mutex<[Series: (Counter, Timer)]>([:])

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        let start = ContinuousClock.now
        let response = try await next(request, context)
        let elapsed = ContinuousClock.now - start
        let key = Series(route: Self.route(context.endpointPath), method: request.method.rawValue, status: response.status.code)
        let (counter, timer) = metrics(for: key)
        counter.increment()
        timer.record(duration: elapsed)
        return response
    }

    /// The `route` label of a request whose matched route is `endpointPath`: the template, or
    /// `unmatched` when no route matched (Hummingbird's router then sets `NotFound`, its own
    /// name for none; a template always starts with `/`).
    static func route(_ endpointPath: String?) -> String {
        guard let endpointPath, endpointPath.hasPrefix("/") else { return "unmatched" }
        return endpointPath
    }

    /// The counter and timer of `key`, made on first use.
    private func metrics(for key: Series) -> (Counter, Timer) {
        series.withLock { series in
            if let found = series[key] { return found }
            let dimensions = [("route", key.route), ("method", key.method), ("status", String(key.status))]
            let made = (
                Counter(label: "strata_http_requests_total", dimensions: dimensions),
                Timer(label: "strata_http_request_duration_seconds", dimensions: dimensions, preferredDisplayUnit: .seconds)
            )
            series[key] = made
            return made
        }
    }
}
