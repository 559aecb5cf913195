import Foundation
import StrataContainer
import StrataCrossCutting
import StrataDomain

/// The domain as a container service: the adaptor micro-apps reach the use cases through
/// (`context.service(.domain)`).
struct DomainService: StrataService, DomainServices {
    static let typeName = "DomainService"

    let domain: any DomainServices

    var reports: any CaseReportService { domain.reports }
    var followUps: any FollowUpService { domain.followUps }
    var notifications: any NotificationService { domain.notifications }
    var status: any StatusService { domain.status }

    func start(context: any ContainerContext) async throws {}
}

/// The clock as a container service (`context.service(.clock)`):
/// "now" and the calendar that decides day boundaries, the same the domain uses.
struct ClockService: StrataService, StrataClock {
    static let typeName = "ClockService"

    let clock: any StrataClock

    var calendar: Calendar { clock.calendar }
    func now() -> Date { clock.now() }

    func start(context: any ContainerContext) async throws {}
}
