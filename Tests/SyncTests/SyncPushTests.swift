import Foundation
import StrataCrossCutting
import StrataWire
import Testing


import StrataData
import StrataJournal
import StrataStore
@testable import StrataSync

@Suite("Sync engine: pushing the journal")
struct SyncPushTests {
    @Test("the journal is sent in batches of the configured size, oldest first, and acknowledged")
    func sendsInBatches() async throws {
        let harness = try await SyncHarness(batchSize: 2)
        try await harness.addVisits(5)
        let waiting = try await harness.data.journal.changes(in: [.pending], limit: nil).map(\.operationID)
        harness.server.scriptPushes(.applyAll, .applyAll, .applyAll)
        let report = try await harness.sync.syncNow()
        #expect(report.pushed == 5)
        #expect(harness.server.pushedBatches.map(\.count) == [2, 2, 1])
        #expect(harness.server.pushedBatches.flatMap { $0 } == waiting)
        #expect(try await harness.data.journal.pendingCount() == 0)
        #expect(harness.server.requests(to: WirePaths.changes).allSatisfy { $0.token == "token-u1" })
    }

    @Test("applied and duplicate leave the journal, rejected keeps the reason, no result is sent again")
    func settlesEachChangeByItsResult() async throws {
        let harness = try await SyncHarness()
        try await harness.addVisits(4)
        let ids = try await harness.data.journal.changes(in: [.pending], limit: nil).map(\.operationID)
        harness.server.scriptPushes(.results(["applied", "duplicate", "rejected", nil]), .applyAll)
        let report = try await harness.sync.syncNow()
        #expect(report.pushed == 3)
        #expect(report.rejected == 1)
        let rejected = try await harness.data.journal.rejected()
        #expect(rejected.map(\.operationID) == [ids[2]])
        #expect(rejected.first?.reason == "no")
        #expect(harness.server.pushedBatches == [ids, [ids[3]]])
        #expect(try await harness.data.journal.pendingCount() == 0)
    }

    @Test("network failures and 5xx put the batch back and retry with doubling delays")
    func retriesWithBackoff() async throws {
        let harness = try await SyncHarness(retryDelay: 0.5)
        try await harness.addVisits(2)
        harness.server.scriptPushes(.networkDown, .status(503, "busy"), .applyAll)
        let report = try await harness.sync.syncNow()
        #expect(report.pushed == 2)
        #expect(harness.delays.all == [0.5, 1.0])
        let batches = harness.server.pushedBatches
        #expect(batches.count == 3 && Set(batches.map { $0 }).count == 1)
        #expect(try await harness.data.journal.pendingCount() == 0)
    }

    @Test("each retry waits a draw below its doubling ceiling (full jitter)")
    func retriesAreJittered() async throws {
        let harness = try await SyncHarness(retryDelay: 0.5, random: { $0.upperBound * 0.5 })
        try await harness.addVisits(1)
        harness.server.scriptPushes(.networkDown, .networkDown, .applyAll)
        _ = try await harness.sync.syncNow()
        #expect(harness.delays.all == [0.25, 0.5])
    }

    @Test("backoff is capped, and giving up leaves every change pending with a clear error")
    func givesUpAfterTheConfiguredAttempts() async throws {
        let harness = try await SyncHarness(maxAttempts: 5, retryDelay: 1, maxRetryDelay: 3)
        try await harness.addVisits(3)
        harness.server.scriptPushes(.networkDown, .networkDown, .networkDown, .networkDown, .status(500, "boom"))
        let error = await #expect(throws: SyncError.self) { try await harness.sync.syncNow() }
        #expect(error?.code == .unreachable)
        #expect(error?.message.contains("HTTP 500") == true)
        #expect(error?.message.contains("tried 5 times") == true)
        #expect(harness.delays.all == [1, 2, 3, 3])
        #expect(try await harness.data.journal.changes(in: [.pending], limit: nil).count == 3)
        #expect(try await harness.data.journal.changes(in: [.inFlight], limit: nil).isEmpty)
        let status = try await harness.sync.status()
        #expect(status.connectivity == .offline)
        #expect(status.lastError?.contains("HTTP 500") == true)
        #expect(status.pendingCount == 3)
    }

    @Test("a 401 stops the sync as not signed in and keeps the changes pending")
    func unauthorizedStops() async throws {
        let harness = try await SyncHarness(batchSize: 1)
        try await harness.addVisits(3)
        harness.server.scriptPushes(.status(401, "token expired"))
        let error = await #expect(throws: SyncError.self) { try await harness.sync.syncNow() }
        #expect(error?.code == .notSignedIn)
        #expect(error?.message.contains("token expired") == true)
        #expect(harness.server.pushedBatches.count == 1)
        #expect(try await harness.data.journal.changes(in: [.pending], limit: nil).count == 3)
        #expect(try await harness.sync.status().connectivity == .online)
    }

    @Test("a 4xx for the whole batch rejects each change with the server's reason")
    func batchRefusalRejectsEachChange() async throws {
        let harness = try await SyncHarness()
        try await harness.addVisits(2)
        harness.server.scriptPushes(.status(400, "ward must be positive"))
        let report = try await harness.sync.syncNow()
        #expect(report.rejected == 2)
        let reasons = try await harness.data.journal.rejected().map(\.reason)
        #expect(reasons == Array(repeating: "HTTP 400: scripted: ward must be positive", count: 2))
        #expect(try await harness.sync.status().rejectedCount == 2)
    }

    @Test("after a crash mid-push the in-flight changes are sent first, again, and acknowledged once")
    func resumesAfterACrash() async throws {
        let container = temporaryContainer()
        let first = try await SyncHarness(container: container)
        try await first.addVisits(4)
        // A crash after claiming: two changes stay inFlight in the file.
        let interrupted = try await first.data.journal.claim(limit: 2).map(\.operationID)
        let all = try await first.data.journal.changes(in: [.pending, .inFlight], limit: nil).map(\.operationID)
        let restarted = try await SyncHarness(container: container, batchSize: 2)
        // The server had applied the first before the crash: it answers duplicate.
        restarted.server.scriptPushes(.results(["duplicate", "applied"]), .applyAll)
        let report = try await restarted.sync.syncNow()
        #expect(restarted.server.pushedBatches.first == interrupted)
        #expect(restarted.server.pushedBatches.flatMap { $0 }.sorted() == all.sorted())
        #expect(report.pushed == 4)
        #expect(try await restarted.data.journal.pendingCount() == 0)
    }

    @Test("a batch whose answer was lost is sent again as it was; later edits queue behind it and follow it")
    func editAfterLostAnswer() async throws {
        let harness = try await SyncHarness(maxAttempts: 2)
        let saved = try await harness.addVisits(3)
        let inserts = try await harness.data.journal.changes(in: [.pending], limit: nil).map(\.operationID)
        harness.server.scriptPushes(.networkDown, .status(503, "gone after the commit"))
        await #expect(throws: SyncError.self) { try await harness.sync.syncNow() }
        var edited = saved[0]
        edited.ward = 42
        _ = try await harness.data.store.save(edited)
        try await harness.data.store.delete(saved[1])
        let waiting = try await harness.data.journal.changes(in: [.pending, .inFlight], limit: nil)
        #expect(waiting.map(\.operation) == [.insert, .insert, .insert, .update, .delete])
        #expect(Array(waiting.prefix(3).map(\.operationID)) == inserts, "the inserts keep their operation ids")
        harness.server.scriptPushes(.results(["duplicate", "duplicate", "applied"]), .applyAll)
        let report = try await harness.sync.syncNow()
        #expect(report.pushed == 5)
        #expect(harness.server.pushedBatches.suffix(2) == [inserts, waiting.suffix(2).map(\.operationID)])
        #expect(try await harness.data.journal.pendingCount() == 0)
    }

    @Test("another user's changes wait for that user; the signed-in user's are sent")
    func othersChangesWait() async throws {
        let harness = try await SyncHarness(batchSize: 1, signedInAs: "u2")
        try await harness.addVisits(2)
        try await harness.signIn("u1")
        try await harness.addVisits(1)
        harness.server.scriptPushes(.applyAll)
        let report = try await harness.sync.syncNow()
        #expect(report.pushed == 1)
        let left = try await harness.data.journal.changes(in: [.pending, .inFlight], limit: nil)
        #expect(left.count == 2 && left.allSatisfy { $0.ownerUser == "u2" && $0.state == .pending })
    }
}
