import StrataContainer
import StrataCrossCutting
import StrataDomain

/// The services the FollowUps micro-app uses, found through the Context by their typed keys
/// (`.domain`, an adaptor the host registers, and `.clock`).
struct FollowUpsServices: Sendable {
    let domain: any DomainServices
    let clock: any StrataClock
    /// Where usage events go (the context's monitor).
    var usage: any UsageMonitor = SilentUsageMonitor()

    /// Looks both up.
    ///
    /// - Throws: ``ContainerError`` naming the missing or mistyped service.
    static func find(_ context: any ContainerContext) async throws -> FollowUpsServices {
        FollowUpsServices(
            domain: try await context.service(.domain), clock: try await context.service(.clock), usage: context.usage)
    }
}
