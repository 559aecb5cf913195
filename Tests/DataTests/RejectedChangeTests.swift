import Foundation
import StrataCrossCutting
import StrataData
import StrataDataTesting
import StrataJournal
import StrataStore
import StrataWire
import Testing

/// Retrying a refused change with the edits made since, and discarding one so the next pull
/// restores the server's version.
@Suite("Rejected changes: retry with the newest values, discard restores the server's version")
struct RejectedChangeTests {
    func layer() async throws -> any DataLayer {
        let layer = try await DataLayerFactory.live(container: temporaryContainer(), logger: quietLogger, clock: TestClock())
        try await layer.store.register(Visit.self)
        return layer
    }

    /// Sends every pending change and has the server refuse the newest one of `objectID`.
    private func refuse(_ objectID: String, in layer: any DataLayer, reason: String = "403: not yours") async throws -> Change {
        let claimed = try await layer.journal.claim(limit: 100)
        let refused = try #require(claimed.last { $0.objectID == objectID })
        try await layer.journal.acknowledge(operationIDs: claimed.filter { $0 != refused }.map(\.operationID))
        try await layer.journal.reject(operationID: refused.operationID, reason: reason)
        return refused
    }

    @Test("retry after an edit sends one change with the edited values, not the refused ones first")
    func retryFoldsTheEditsMadeSince() async throws {
        let layer = try await layer()
        var visit = try await layer.store.save(Visit(note: "first"))
        let id = try #require(visit.objectId)
        _ = try await layer.journal.acknowledge(operationIDs: try await layer.journal.claim(limit: 10).map(\.operationID))
        visit.note = "refused"
        visit = try await layer.store.save(visit)
        let refused = try await refuse(id, in: layer)
        visit.note = "edited after the refusal"
        visit.rank = 7
        _ = try await layer.store.save(visit)
        #expect(try await layer.journal.changes(in: [.pending], limit: nil).count == 1, "the edit queues behind the refused change")

        try await layer.journal.retry(operationID: refused.operationID)
        let pending = try await layer.journal.changes(in: [.pending], limit: nil)
        #expect(pending.count == 1, "\(pending)")
        #expect(pending.first?.operationID == refused.operationID)
        #expect(pending.first?.operation == .update)
        #expect(pending.first?.values["note"] == .text("edited after the refusal"))
        #expect(pending.first?.values["rank"] == .integer(7))
        #expect(try await layer.journal.rejected().isEmpty)
        let sent = try await layer.journal.claim(limit: 10)
        #expect(sent.map(\.values["note"]) == [.text("edited after the refusal")])
    }

    @Test("retry of a refused insert deleted since leaves nothing to send")
    func retryOfAnInsertDeletedSince() async throws {
        let layer = try await layer()
        let visit = try await layer.store.save(Visit(note: "new"))
        let refused = try await refuse(try #require(visit.objectId), in: layer)
        _ = try await layer.store.delete(visit)
        try await layer.journal.retry(operationID: refused.operationID)
        #expect(try await layer.journal.changes(in: Set(ChangeState.allCases), limit: nil).isEmpty)
    }

    @Test("discard of a refused update marks the object for a refetch; the refetch restores the server's values")
    func discardThenRefetchRestoresTheServersVersion() async throws {
        let layer = try await layer()
        var visit = try await layer.store.save(Visit(note: "server"))
        let id = try #require(visit.objectId)
        _ = try await layer.journal.acknowledge(operationIDs: try await layer.journal.claim(limit: 10).map(\.operationID))
        visit.note = "local edit"
        _ = try await layer.store.save(visit)
        let refused = try await refuse(id, in: layer)

        try await layer.journal.discard(operationID: refused.operationID)
        #expect(try await layer.journal.rejected().isEmpty)
        #expect(try await layer.store.fetch(Visit.self, id: id)?.note == "local edit", "until the next pull")
        #expect(try await layer.syncState.refetchRequests("Visit") == [id])
        #expect(try await layer.syncState.refetchRequests("Other").isEmpty)

        let server = WireObject(
            objectId: id, values: ["note": .text("server"), "rank": .integer(0)], scope: 1, ownerUser: "u1", ownerGroup: nil,
            deleted: false, version: 3)
        let outcome = try await layer.syncState.applyRefetched([server], missing: [], typeName: "Visit")
        #expect(outcome.written == 1)
        #expect(try await layer.store.fetch(Visit.self, id: id)?.note == "server")
        #expect(try await layer.syncState.refetchRequests("Visit").isEmpty, "the mark goes with the write")
    }

    @Test("a refetch the server answers 404 deletes the local row")
    func refetchOfAMissingObjectDeletesTheRow() async throws {
        let layer = try await layer()
        var visit = try await layer.store.save(Visit(note: "server"))
        let id = try #require(visit.objectId)
        _ = try await layer.journal.acknowledge(operationIDs: try await layer.journal.claim(limit: 10).map(\.operationID))
        visit.note = "local edit"
        _ = try await layer.store.save(visit)
        try await layer.journal.discard(operationID: try await refuse(id, in: layer).operationID)
        _ = try await layer.syncState.applyRefetched([], missing: [id], typeName: "Visit")
        #expect(try await layer.store.fetch(Visit.self, id: id) == nil)
        #expect(try await layer.syncState.refetchRequests("Visit").isEmpty)
    }

    @Test("discard of a refused insert removes the local row at once")
    func discardOfAnInsertRemovesTheRow() async throws {
        let layer = try await layer()
        let visit = try await layer.store.save(Visit(note: "never accepted"))
        let id = try #require(visit.objectId)
        try await layer.journal.discard(operationID: try await refuse(id, in: layer).operationID)
        #expect(try await layer.store.fetch(Visit.self, id: id) == nil)
        #expect(try await layer.journal.changes(in: Set(ChangeState.allCases), limit: nil).isEmpty)
    }

    @Test("discard of a refused delete-all pulls the type again from the start")
    func discardOfADeleteAllResetsTheCursor() async throws {
        let layer = try await layer()
        try await layer.syncState.set([.cursor("Visit"): "42"])
        _ = try await layer.store.deleteAll(Visit.self)
        let claimed = try await layer.journal.claim(limit: 10)
        try await layer.journal.reject(operationID: claimed[0].operationID, reason: "403: leads only")
        try await layer.journal.discard(operationID: claimed[0].operationID)
        #expect(try await layer.syncState.value(.cursor("Visit")) == nil)
    }
}
