import CoreMetrics
import Metrics
import Prometheus
import StrataServerKit

/// The process's metrics backend: Prometheus, bootstrapped once by the host (the libraries only
/// use the swift-metrics API).
enum MetricsBackend {
    /// Bootstraps swift-metrics with a Prometheus registry (once per process: the host's entry
    /// point calls it once, before building the services) and returns the exposition
    /// `GET /metrics` serves.
    static func bootstrap() -> MetricsExposition {
        let registry = PrometheusCollectorRegistry()
        var factory = PrometheusMetricsFactory(registry: registry)
        // Hummingbird's labels (`http.route`) and names (`hb.requests`) in Prometheus' alphabet.
        factory.nameAndLabelSanitizer = { name, labels in
            (prometheusName(name), labels.map { (prometheusName($0.0), $0.1) })
        }
        MetricsSystem.bootstrap(factory)
        return MetricsExposition { registry.emitToBuffer() }
    }

    /// `name` with every character outside `[A-Za-z0-9_]` as `_`.
    static func prometheusName(_ name: String) -> String {
        String(String.UnicodeScalarView(name.unicodeScalars.map { scalar in
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_") ? scalar : "_"
        }))
    }
}
