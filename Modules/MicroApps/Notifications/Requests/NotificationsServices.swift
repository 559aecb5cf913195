import Foundation
import StrataContainer
import StrataCrossCutting
import StrataDomain

/// The services the Notifications micro-app uses, found through the Context by their typed keys.
struct NotificationsServices: Sendable {
    let domain: any DomainServices
    let clock: any StrataClock
    /// Where usage events go (the context's monitor).
    var usage: any UsageMonitor = SilentUsageMonitor()

    static func find(_ context: any ContainerContext) async throws -> NotificationsServices {
        NotificationsServices(
            domain: try await context.service(.domain), clock: try await context.service(.clock), usage: context.usage)
    }
}
