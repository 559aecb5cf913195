import Foundation
import StrataContainer
import StrataCrossCutting
import StrataDomain

/// The services the Notifications micro-app uses, found through the Context by name.
struct NotificationsServices: Sendable {
    let domain: any DomainServices
    let clock: any StrataClock
    /// Where usage events go (the context's monitor).
    var usage: any UsageMonitor = SilentUsageMonitor()

    static func find(_ context: any ContainerContext) async throws -> NotificationsServices {
        NotificationsServices(
            domain: try await context.service("domain", as: (any DomainServices).self),
            clock: try await context.service("clock", as: (any StrataClock).self), usage: context.usage)
    }
}
