import Foundation
import StrataCrossCutting
import StrataData
import StrataDataTesting
import StrataDomain
import Testing

/// Recording several notifications at once: as one by one, the new ones in one transaction.
@Suite("notifications recorded together")
struct NotificationBatchTests {
    private func message(_ id: String, _ title: String = "Hi") -> IncomingNotification {
        IncomingNotification(id: id, kind: "message", title: title, body: nil, reportId: nil, followUpId: nil, sentAt: nil)
    }

    private func describe(_ result: Result<RecordOutcome, DomainError>) -> String {
        switch result {
        case .success(.recorded(let record)): "recorded \(record.notificationId)"
        case .success(.duplicate(let record)): "duplicate \(record.notificationId)"
        case .failure(let error): "failed \(error.code)"
        }
    }

    @Test("each comes back in order: new ones recorded, known and repeated ids duplicates, a bad id refused alone",
        arguments: StoreKind.allCases)
    func batchMatchesOneByOne(kind: StoreKind) async throws {
        let fixture = try await DomainFixture(kind)
        _ = try await fixture.domain.notifications.record(message("n-0"))

        let results = await fixture.domain.notifications.record([
            message("n-1"), message("n-0"), message(""), message("n-2"), message("n-1", "again"),
        ])

        #expect(results.map(describe) == [
            "recorded n-1", "duplicate n-0", "failed invalidInput", "recorded n-2", "duplicate n-1",
        ])
        let stored = try await fixture.domain.notifications.list(unreadOnly: false).map(\.notificationId).sorted()
        #expect(stored == ["n-0", "n-1", "n-2"])
    }

    @Test("a store that refuses the batch has each notification tried on its own, each failure reported")
    func failedBatchFallsBackToOneByOne() async throws {
        let domain = try await DomainFactory.make(
            data: await DataLayerFactory.inMemory(readOnly: true, allowing: [.register, .query, .count]),
            clock: FixedClock(testNow))

        let results = await domain.notifications.record([message("n-1"), message("n-2")])

        #expect(results.map(describe) == ["failed storage", "failed storage"])
    }
}
