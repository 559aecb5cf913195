import Foundation
import StrataCrossCutting
import StrataData
import StrataDataTesting
import StrataJournal
import StrataStore
import Testing

/// The journal's in-flight marks live in `_strata_journal_claims` (store format 4), and a
/// store of format 3 (marks in the rows' `state`) upgrades in place with nothing lost.
@Suite("Change journal: in-flight marks in the claims table, and the format 3 → 4 upgrade")
struct JournalClaimsTests {
    private func layer(_ container: ContainerDirectory) async throws -> any DataLayer {
        let layer = try await DataLayerFactory.live(container: container, logger: quietLogger, clock: TestClock())
        try await layer.store.register(Visit.self)
        return layer
    }

    private let journalRows = #"SELECT "sequence", "state", "sent", "updatedAt" FROM "_strata_journal" ORDER BY "sequence""#

    @Test("claiming writes a claim per change and leaves the journal rows as they were")
    func claimWritesOnlyClaims() async throws {
        let container = temporaryContainer()
        let layer = try await layer(container)
        _ = try await layer.store.save([Visit(note: "a"), Visit(note: "b"), Visit(note: "c")])
        let inspector = SQLiteInspector(container.storeURL)
        let before = try inspector.rows(journalRows)
        let claimed = try await layer.journal.claim(limit: 2)
        #expect(claimed.map(\.state) == [.inFlight, .inFlight])
        #expect(try inspector.rows(journalRows) == before, "no journal row rewritten by the claim")
        let claims = try inspector.rows(#"SELECT "sequence", "operationId" FROM "_strata_journal_claims" ORDER BY "sequence""#)
        #expect(claims == claimed.map { [String($0.sequence), $0.operationID] })
        #expect(try await layer.journal.changes(in: [.inFlight], limit: nil).map(\.operationID) == claimed.map(\.operationID))
        #expect(try await layer.journal.pendingCount() == 3, "in flight still counts as waiting")

        try await layer.journal.acknowledge(operationIDs: claimed.map(\.operationID))
        #expect(try inspector.rows(#"SELECT count(*) FROM "_strata_journal_claims""#) == [["0"]])
        #expect(try await layer.journal.pendingCount() == 1)
    }

    @Test("a released or rejected change leaves its claim, stays marked sent, and is never merged into")
    func releasedAndRejectedStaySent() async throws {
        let container = temporaryContainer()
        let layer = try await layer(container)
        var visits = try await layer.store.save([Visit(note: "a"), Visit(note: "b")])
        let claimed = try await layer.journal.claim(limit: 2).map(\.operationID)
        try await layer.journal.release(operationIDs: [claimed[0]])
        try await layer.journal.reject(operationID: claimed[1], reason: "no")
        let inspector = SQLiteInspector(container.storeURL)
        #expect(try inspector.rows(#"SELECT count(*) FROM "_strata_journal_claims""#) == [["0"]])
        #expect(try inspector.rows(#"SELECT "state", "sent" FROM "_strata_journal" ORDER BY "sequence""#) == [
            ["pending", "1"], ["rejected", "1"],
        ])
        visits[0].note = "a2"
        _ = try await layer.store.save(visits[0])
        let waiting = try await layer.journal.changes(in: [.pending], limit: nil)
        #expect(waiting.map(\.operation) == [.insert, .update], "perhaps applied: the edit queues behind it")
        try await layer.journal.retry(operationID: claimed[1])
        #expect(try inspector.rows(#"SELECT "sent" FROM "_strata_journal" WHERE "operationId" = '\#(claimed[1])'"#) == [["1"]])
    }

    @Test("a format-3 store keeps its pending and in-flight changes through the upgrade and sends them after it")
    func formatThreeUpgradesInPlace() async throws {
        let container = temporaryContainer()
        var visits = try await layer(container).store.save((1...4).map { Visit(note: "v\($0)", rank: $0) })
        let old = try await layer(container)
        let inFlight = try await old.journal.claim(limit: 2).map(\.operationID)
        let pending = try await old.journal.changes(in: [.pending], limit: nil).map(\.operationID)
        // Back to format 3 as it was written: in-flight marks in the rows, no claims table.
        let inspector = SQLiteInspector(container.storeURL)
        try inspector.execute(
            #"""
            UPDATE "_strata_journal" SET "state" = 'inFlight', "sent" = 1
            WHERE "sequence" IN (SELECT "sequence" FROM "_strata_journal_claims")
            """#)
        try inspector.execute(#"DROP TABLE "_strata_journal_claims""#)
        try inspector.execute("PRAGMA user_version = 3")

        let upgraded = try await layer(container)
        #expect(try inspector.rows("PRAGMA user_version") == [["8"]])
        #expect(try inspector.rows(#"SELECT DISTINCT "state" FROM "_strata_journal""#) == [["pending"]])
        #expect(try await upgraded.journal.changes(in: [.inFlight], limit: nil).map(\.operationID) == inFlight)
        #expect(try await upgraded.journal.changes(in: [.pending], limit: nil).map(\.operationID) == pending)
        #expect(try await upgraded.journal.pendingCount() == 4)
        // An edit of an object whose change was in flight queues behind it.
        visits[0].note = "edited after the upgrade"
        _ = try await upgraded.store.save(visits[0])
        #expect(try await upgraded.journal.pendingCount() == 5)

        // Pushed as the engine does: in-flight ones first, then pending, each acknowledged once.
        let first = try await upgraded.journal.claim(limit: 10, for: "u1", excluding: [])
        #expect(first.map(\.operationID) == inFlight + pending)
        #expect(first.compactMap { $0.values["note"] } == ["v1", "v2", "v3", "v4"].map(FieldValue.text))
        try await upgraded.journal.acknowledge(operationIDs: first.map(\.operationID))
        let second = try await upgraded.journal.claim(limit: 10, for: "u1", excluding: [])
        #expect(second.map(\.operation) == [.update])
        #expect(second.first?.values["note"] == .text("edited after the upgrade"))
        try await upgraded.journal.acknowledge(operationIDs: second.map(\.operationID))
        #expect(try await upgraded.journal.pendingCount() == 0)
    }

    @Test("the batch in flight is left out of the next claim; a claim left by a crash comes first")
    func claimSkipsTheBatchInFlight() async throws {
        let container = temporaryContainer()
        let layer = try await layer(container)
        _ = try await layer.store.save((1...5).map { Visit(note: "v\($0)") })
        let crashed = try await layer.journal.claim(limit: 1).map(\.operationID)
        let all = try await layer.journal.changes(in: [.pending, .inFlight], limit: nil).map(\.operationID)
        let sending = try await layer.journal.claim(limit: 2, for: "u1", excluding: []).map(\.operationID)
        #expect(sending == Array(all[0...1]), "the crash's claim first, then the oldest pending")
        #expect(sending.first == crashed.first)
        let next = try await layer.journal.claim(limit: 2, for: "u1", excluding: Set(sending))
        #expect(next.map(\.operationID) == Array(all[2...3]))
        #expect(try await layer.journal.claim(limit: 5, for: "u1", excluding: Set(sending + next.map(\.operationID))).map(\.operationID) == [all[4]])
        #expect(try await layer.journal.claim(limit: 5, for: "u1", excluding: Set(all)).isEmpty)
    }
}
