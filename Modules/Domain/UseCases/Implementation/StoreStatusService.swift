#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import StrataCrossCutting
import StrataStore

/// The status summary, from counts alone (cheap enough for a status bar's every tick).
struct StoreStatusService: StatusService {
    let store: any ValueObjectStore
    let clock: any StrataClock

    func summary() async throws -> StatusSummary {
        try await withStorage {
            let today = clock.today
            return StatusSummary(
                reports: try await store.count(Query<CaseReport>()),
                dueToday: try await store.count(Query.due(in: today)),
                overdue: try await store.count(Query.overdue(before: today.start)),
                unreadNotifications: try await store.count(Query<NotificationRecord>().whereKey("isRead", .equal, false)))
        }
    }
}
