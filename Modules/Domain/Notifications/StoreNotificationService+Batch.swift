import StrataCrossCutting
import StrataStore

extension StoreNotificationService {
    /// One look-up per id and one save for all the new records: a single write transaction
    /// instead of one per notification (what lets strata-notifyd drain thousands of files a
    /// second). Any failure of the batch — a storage failure, a record the store refuses,
    /// another process recording one of the ids first — falls back to ``record(_:)`` one by
    /// one, which says what happened to each.
    func record(_ notifications: [IncomingNotification]) async -> [Result<RecordOutcome, DomainError>] {
        if notifications.count > 1, let batch = try? await recordTogether(notifications) { return batch }
        var results: [Result<RecordOutcome, DomainError>] = []
        for notification in notifications {
            do {
                results.append(.success(try await record(notification)))
            } catch {
                results.append(.failure(DomainError.wrapping(error)))
            }
        }
        return results
    }

    /// The batch in one transaction, or a thrown error (nothing written).
    private func recordTogether(_ notifications: [IncomingNotification]) async throws -> [Result<RecordOutcome, DomainError>] {
        try await withStorage {
            var results = [Result<RecordOutcome, DomainError>?](repeating: nil, count: notifications.count)
            var pending: [(index: Int, record: NotificationRecord)] = []
            var batchIndex: [String: Int] = [:]
            let enricher = NotificationEnricher(store: store, calendar: clock.calendar, policy: enrichment)
            let now = clock.now()
            for (index, notification) in notifications.enumerated() {
                do {
                    try Self.check(notification)
                } catch let error as DomainError {
                    results[index] = .failure(error)
                    continue
                }
                if let existing = try await find(notification.id) {
                    results[index] = .success(.duplicate(existing))
                } else if batchIndex[notification.id] == nil {
                    batchIndex[notification.id] = pending.count
                    pending.append((index, try await enricher.record(for: notification, receivedAt: now)))
                }
            }
            let saved = try await store.save(pending.map(\.record))
            for (position, entry) in pending.enumerated() { results[entry.index] = .success(.recorded(saved[position])) }
            return notifications.enumerated().map { index, notification in
                // An id met earlier in this batch: the copy is a duplicate of the record saved for it.
                results[index] ?? .success(.duplicate(saved[batchIndex[notification.id] ?? 0]))
            }
        }
    }
}
