import Synchronization

/// How the route a URL asked for went, for an opener outside the terminal: in a running
/// container a micro-app shows a refused route on its screen (an age out of range, an unknown
/// id, an unknown parameter), and the process that handed the URL over (`strata-host open`
/// into a running `strata-host`) must hear the refusal too, with its reason.
///
/// The opener runs ``ContainerContext/open(_:source:)`` inside ``observing(_:)``; a micro-app
/// that refuses a route records why through ``current`` (``RoutedApplicationDelegate`` does
/// for the routes whose `act` throws). Nothing observes a route opened from the terminal:
/// ``current`` is then `nil` and recording does nothing.
///
/// ```swift
/// let (opened, outcome) = try await RouteOutcome.observing { try await context.open(url, source: "strata-host open") }
/// if let refusal = outcome.refusal { … }
/// ```
public final class RouteOutcome: Sendable {
    /// The outcome the URL being opened in this task reports to, if anyone observes it.
    @TaskLocal public static var current: RouteOutcome?

    private let refusals = Mutex<[String]>([])

    /// An outcome nothing was recorded in yet.
    public init() {}

    /// Records that the route was refused, and why (one readable sentence).
    public func refuse(_ reason: String) {
        refusals.withLock { $0.append(reason) }
    }

    /// The first refusal recorded, or `nil` when the route went through.
    public var refusal: String? { refusals.withLock { $0.first } }

    /// Runs `body` with a fresh outcome as ``current`` and returns its value and the outcome.
    public static func observing<Value: Sendable>(
        _ body: () async throws -> Value
    ) async rethrows -> (Value, RouteOutcome) {
        let outcome = RouteOutcome()
        let value = try await $current.withValue(outcome) { try await body() }
        return (value, outcome)
    }
}
