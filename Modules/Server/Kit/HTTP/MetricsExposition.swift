/// What `GET /metrics` serves: the host's metrics backend rendered in Prometheus' text format.
///
/// The host bootstraps the process's swift-metrics backend (the libraries only use the API) and
/// hands the server this way to render it.
public struct MetricsExposition: Sendable {
    /// Renders the current values (`text/plain; version=0.0.4`).
    public let render: @Sendable () -> [UInt8]

    /// An exposition that `render` produces.
    public init(render: @escaping @Sendable () -> [UInt8]) {
        self.render = render
    }
}
