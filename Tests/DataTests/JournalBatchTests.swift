import Foundation
import StrataCrossCutting
import StrataData
import StrataDataTesting
import StrataJournal
import StrataStore
import Testing

/// The journal's batch calls (one statement per batch) keep the per-change rules.
@Suite("Change journal: acknowledging, claiming and releasing a batch at once")
struct JournalBatchTests {
    private func layer() async throws -> any DataLayer {
        let layer = try await DataLayerFactory.live(container: temporaryContainer(), logger: quietLogger, clock: TestClock())
        try await layer.store.register(Visit.self)
        return layer
    }

    @Test("acknowledging a batch removes exactly its in-flight changes; pending and unknown ids are left alone")
    func acknowledgeRemovesOnlyInFlight() async throws {
        let layer = try await layer()
        _ = try await layer.store.save([Visit(note: "a"), Visit(note: "b"), Visit(note: "c")])
        let claimed = try await layer.journal.claim(limit: 2)
        #expect(claimed.map(\.state) == [.inFlight, .inFlight])
        let pending = try #require(try await layer.journal.changes(in: [.pending], limit: nil).first)
        try await layer.journal.acknowledge(operationIDs: claimed.map(\.operationID) + [pending.operationID, #"no"such\id"#])
        let left = try await layer.journal.changes(in: Set(ChangeState.allCases), limit: nil)
        #expect(left.map(\.operationID) == [pending.operationID])
        #expect(left.map(\.state) == [.pending])
    }

    @Test("releasing a batch puts every change back as pending, or none when one of them is not in flight")
    func releaseIsAllOrNothing() async throws {
        let layer = try await layer()
        _ = try await layer.store.save([Visit(note: "a"), Visit(note: "b"), Visit(note: "c")])
        let claimed = try await layer.journal.claim(limit: 2).map(\.operationID)
        let pending = try #require(try await layer.journal.changes(in: [.pending], limit: nil).first).operationID

        let refused = try await #require(throws: DataError.self) {
            try await layer.journal.release(operationIDs: claimed + [pending])
        }
        #expect(refused.code == .notFound)
        #expect(refused.message.contains("'\(pending)'"))
        #expect(try await layer.journal.changes(in: [.inFlight], limit: nil).map(\.operationID) == claimed, "nothing moved")
        let twice = try await #require(throws: DataError.self) {
            try await layer.journal.release(operationIDs: [claimed[0], claimed[0]])
        }
        #expect(twice.code == .notFound)

        try await layer.journal.release(operationIDs: claimed)
        #expect(try await layer.journal.changes(in: [.inFlight], limit: nil).isEmpty)
        #expect(try await layer.journal.claim(limit: 10).count == 3, "released changes are claimed again, oldest first")
    }
}
