import StrataContainer
import StrataCrossCutting
import StrataDomain

/// The services the Reports micro-app uses, found through the Context by name.
struct ReportsServices: Sendable {
    /// The name of the domain service (an adaptor the host registers).
    static let domainName = "domain"
    /// The name of the clock service.
    static let clockName = "clock"

    let domain: any DomainServices
    let clock: any StrataClock
    /// Where usage events go (the context's monitor).
    var usage: any UsageMonitor = SilentUsageMonitor()

    /// Looks both up.
    ///
    /// - Throws: ``ContainerError`` naming the missing or mistyped service.
    static func find(_ context: any ContainerContext) async throws -> ReportsServices {
        ReportsServices(
            domain: try await context.service(domainName, as: (any DomainServices).self),
            clock: try await context.service(clockName, as: (any StrataClock).self), usage: context.usage)
    }
}
