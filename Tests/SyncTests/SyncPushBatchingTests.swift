import Foundation
import StrataCrossCutting
import StrataWire
import Testing


import StrataData
import StrataJournal
import StrataStore
@testable import StrataSync

@Suite("Sync engine: sizing and overlapping push batches")
struct SyncPushBatchingTests {
    @Test("large changes are cut into requests within maxRequestBytes; one larger than that goes alone")
    func batchesStayWithinTheBodyBudget() async throws {
        let harness = try await SyncHarness(maxRequestBytes: 4096)
        let long = String(repeating: "é", count: 700)  // 1,400 bytes of text per change
        _ = try await harness.data.store.save((0..<5).map { SyncVisit(patient: "\($0) \(long)", ward: $0) })
        _ = try await harness.data.store.save(SyncVisit(patient: String(repeating: "x", count: 6000), ward: 9))
        let waiting = try await harness.data.journal.changes(in: [.pending], limit: nil).map(\.operationID)
        harness.server.scriptPushes(.applyAll, .applyAll, .applyAll, .applyAll)
        let report = try await harness.sync.syncNow()
        #expect(report.pushed == 6)
        #expect(harness.server.pushedBatches.map(\.count) == [2, 2, 1, 1])
        #expect(harness.server.pushedBatches.flatMap { $0 } == waiting)
        let bodies = harness.server.requests(to: WirePaths.changes).map { $0.body?.count ?? 0 }
        #expect(bodies.dropLast().allSatisfy { $0 <= 4096 }, "only the single oversized change may exceed the budget")
        #expect(bodies.last.map { $0 > 6000 } == true)
    }

    @Test("a 413 halves the batches until the server takes them; a single change it still refuses is rejected")
    func tooLargeHalvesTheBatch() async throws {
        let harness = try await SyncHarness(batchSize: 8)
        try await harness.addVisits(8)
        let waiting = try await harness.data.journal.changes(in: [.pending], limit: nil).map(\.operationID)
        let refusals: [SyncTestServer.Step] = (0..<4).map { .status(413, "too large \($0)") }
        harness.server.scriptPushes(refusals + Array(repeating: .applyAll, count: 7))
        let report = try await harness.sync.syncNow()
        #expect(harness.server.pushedBatches.map(\.count) == [8, 4, 2] + Array(repeating: 1, count: 8))
        #expect(harness.server.pushedBatches.flatMap { $0 }.suffix(8) == waiting[...])
        #expect(report.pushed == 7)
        #expect(report.rejected == 1)
        let rejected = try await harness.data.journal.rejected()
        #expect(rejected.map(\.operationID) == [waiting[0]])
        #expect(rejected.first?.reason == "HTTP 413: scripted: too large 3")
        #expect(try await harness.data.journal.pendingCount() == 0)
    }

    @Test("the next batch is claimed while one is in flight, but sent only after that one is answered in full")
    func overlappingKeepsJournalOrder() async throws {
        let harness = try await SyncHarness(batchSize: 2)
        try await harness.addVisits(5)
        let ids = try await harness.data.journal.changes(in: [.pending], limit: nil).map(\.operationID)
        // No result for ids[1]: the batch claimed meanwhile ([2, 3]) goes back, and ids[1],
        // released, leads the next request, as if nothing had overlapped.
        harness.server.scriptPushes(.results(["applied", nil]), .applyAll, .applyAll, .applyAll)
        let report = try await harness.sync.syncNow()
        #expect(report.pushed == 5)
        #expect(harness.server.pushedBatches == [[ids[0], ids[1]], [ids[1], ids[2]], [ids[3], ids[4]]])
        #expect(try await harness.data.journal.pendingCount() == 0)
    }

    @Test("an edit of an object whose change is in flight is not claimed beside it")
    func laterEditWaitsForItsObject() async throws {
        let harness = try await SyncHarness()
        let saved = try await harness.addVisits(3)
        let sending = try await harness.data.journal.claim(limit: 2)
        var edited = saved[0]
        edited.ward = 42
        _ = try await harness.data.store.save(edited)
        // The edit queues behind the in-flight insert; the next claim takes only the third visit.
        let next = try await harness.data.journal.claim(limit: 5, for: "u1", excluding: Set(sending.map(\.operationID)))
        #expect(next.map(\.objectID) == [saved[2].objectId])
        try await harness.data.journal.acknowledge(operationIDs: sending.map(\.operationID))
        #expect(try await harness.data.journal.claim(limit: 5, for: "u1", excluding: Set(next.map(\.operationID))).map(\.operation) == [.update])
    }

    @Test("the live journal never claims the changes it was told are in flight")
    func claimExcludingInFlight() async throws {
        let harness = try await SyncHarness()
        try await harness.addVisits(4)
        let sending = try await harness.data.journal.claim(limit: 2)
        let next = try await harness.data.journal.claim(limit: 2, for: "u1", excluding: Set(sending.map(\.operationID)))
        let all = try await harness.data.journal.changes(in: [.pending, .inFlight], limit: nil).map(\.operationID)
        #expect(next.map(\.operationID) == Array(all[2...]))
        #expect(try await harness.data.journal.claim(limit: 5, for: "u1", excluding: Set(all)).isEmpty)
        // Without the exclusion the in-flight ones come back first, as after a crash.
        #expect(try await harness.data.journal.claim(limit: 4).map(\.operationID) == all)
    }
}
