public import StrataCrossCutting

extension ServiceKey where Service == any DomainServices {
    /// The domain's use cases (`domain`, a ``DomainServices``), as a host provides them to
    /// micro-apps: `try await context.service(.domain)`.
    public static var domain: ServiceKey<any DomainServices> { ServiceKey("domain") }
}

extension ServiceKey where Service == any AnnouncementService {
    /// The ward announcements read from the server (`announcements`, an ``AnnouncementService``).
    public static var announcements: ServiceKey<any AnnouncementService> { ServiceKey("announcements") }
}
