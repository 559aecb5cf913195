import Foundation
import StrataContainer
import StrataDomain
import Synchronization

/// A service that polls the shared store about once a second while the host runs and posts a
/// notification to the container for each new item it finds: the base of the two watchers.
///
/// Each poll first runs a cheap count (the status summary); only when the count changed does it
/// read the items and post those it has not seen.
final class StoreWatcher: StrataService {
    /// What one kind of watcher reads and posts.
    struct Source: Sendable {
        /// The count that changes when an item may have arrived.
        let count: @Sendable (any DomainServices) throws -> Int
        /// The current items, as payloads keyed by their identifier.
        let items: @Sendable (any DomainServices) throws -> [NotificationPayload]
        /// Posts one payload (remote or local notification).
        let post: @Sendable (NotificationPayload, any ContainerContext) async -> Void
    }

    private struct State {
        var seen: Set<String> = []
        var lastCount = -1
        var loop: Task<Void, Never>?
    }

    private let domain: any DomainServices
    private let source: Source
    private let interval: Duration
    private let state = Mutex(State())

    init(domain: any DomainServices, source: Source, interval: Duration = .seconds(1)) {
        self.domain = domain
        self.source = source
        self.interval = interval
    }

    /// Remembers what is already there, then polls until destroyed.
    func start(context: any ContainerContext) async throws {
        let existing = try source.items(domain).map(\.identifier)
        let count = try source.count(domain)
        state.withLock {
            $0.seen = Set(existing)
            $0.lastCount = count
        }
        let interval = interval
        let loop = Task { [self] in
            while !Task.isCancelled {
                guard (try? await Task.sleep(for: interval)) != nil else { return }
                await poll(context: context)
            }
        }
        state.withLock { $0.loop = loop }
    }

    /// Stops polling.
    func willDestroy() async {
        state.withLock { $0.loop }?.cancel()
    }

    /// One poll: count, and on a change, post every payload not seen before.
    func poll(context: any ContainerContext) async {
        guard let count = try? source.count(domain) else { return }
        let changed = state.withLock { state in
            defer { state.lastCount = count }
            return state.lastCount != count
        }
        guard changed, let items = try? source.items(domain) else { return }
        let fresh = state.withLock { state in
            let new = items.filter { !state.seen.contains($0.identifier) }
            state.seen.formUnion(new.map(\.identifier))
            return new
        }
        for payload in fresh { await source.post(payload, context) }
    }
}

extension StoreWatcher.Source {
    /// Notifications `strata-notifyd` recorded, posted as remote notifications.
    static let recordedNotifications = StoreWatcher.Source(
        count: { try $0.status.summary().unreadNotifications },
        items: { domain in
            try domain.notifications.list(unreadOnly: true).map { record in
                var info = ["kind": record.kind]
                if let report = record.reportId {
                    info["reportId"] = report
                    info["url"] = "strata://reports/\(report)"
                }
                return NotificationPayload(
                    identifier: record.notificationId, title: record.title, body: record.body, userInfo: info)
            }
        },
        post: { payload, context in await context.postRemoteNotification(payload) })

    /// Follow-ups due today, posted as local notifications when one falls due.
    static let dueFollowUps = StoreWatcher.Source(
        count: { try $0.status.summary().dueToday },
        items: { domain in
            try domain.followUps.dueToday().map { due in
                NotificationPayload(
                    identifier: due.followUp.objectId ?? "", title: "Follow-up due today",
                    body: due.report?.patientName ?? due.followUp.caseReportID,
                    userInfo: ["reportId": due.followUp.caseReportID, "url": "strata://reports/\(due.followUp.caseReportID)"])
            }
        },
        post: { payload, context in await context.postLocalNotification(payload) })
}
