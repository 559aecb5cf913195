import Foundation
import StrataData
import StrataDataTesting
import Testing

/// The change journal's rules, on the in-memory double and on the live SQLite journal alike.
@Suite("in-memory double and SQLite store: the same change journal")
struct JournalContractTests {
    @Test("a local-only type never journals", arguments: StoreKind.allCases)
    func localOnlyNeverJournals(kind: StoreKind) async throws {
        try await kind.withLayer { layer in
            var item = try layer.store.save(Item("a"))
            item.rank = 2
            _ = try layer.store.save(item)
            _ = try layer.store.delete(item)
            _ = try layer.store.deleteAll(Item.self)
            #expect(try await layer.journal.pendingCount() == 0)
            #expect(try await layer.journal.changes(in: Set(ChangeState.allCases), limit: nil).isEmpty)
        }
    }

    @Test("insert then updates stay one insert with the newest values, its id and sequence kept", arguments: StoreKind.allCases)
    func insertThenUpdateIsOneInsert(kind: StoreKind) async throws {
        try await kind.withLayer { layer in
            var ledger = try layer.store.save(Ledger("rent", secret: "s1", amount: 1))
            let first = try await onlyChange(layer.journal)
            #expect(first.operation == .insert && first.state == .pending)
            #expect(first.objectID == ledger.objectId)
            #expect(first.typeName == "Ledger")
            #expect(first.values == ["title": .text("rent"), "secret": .text("s1"), "amount": .integer(1)])
            #expect(first.scope == .user)

            ledger.amount = 2
            ledger.secret = "s2"
            _ = try layer.store.save(ledger)
            let coalesced = try await onlyChange(layer.journal)
            #expect(coalesced.operation == .insert)
            #expect(coalesced.operationID == first.operationID && coalesced.sequence == first.sequence)
            #expect(coalesced.values["amount"] == .integer(2) && coalesced.values["secret"] == .text("s2"))
            #expect(try await layer.journal.pendingCount() == 1)
        }
    }

    @Test("insert then delete leaves nothing to send", arguments: StoreKind.allCases)
    func insertThenDeleteVanishes(kind: StoreKind) async throws {
        try await kind.withLayer { layer in
            let ledger = try layer.store.save(Ledger("gone"))
            #expect(try layer.store.delete(ledger))
            #expect(try await layer.journal.pendingCount() == 0)
            let parcel = try layer.store.save(Parcel("gone"))
            #expect(try layer.store.delete([parcel]) == 1)
            #expect(try await layer.journal.changes(in: Set(ChangeState.allCases), limit: nil).isEmpty)
        }
    }

    @Test("an in-flight change is never rewritten: update+update and update+delete coalesce behind it", arguments: StoreKind.allCases)
    func inFlightIsNeverRewritten(kind: StoreKind) async throws {
        try await kind.withLayer { layer in
            var ledger = try layer.store.save(Ledger("a", amount: 1))
            let insert = try #require(try await layer.journal.claim(limit: 10).first)
            #expect(insert.operation == .insert && insert.state == .inFlight)

            ledger.amount = 2
            _ = try layer.store.save(ledger)
            ledger.amount = 3
            _ = try layer.store.save(ledger)
            var all = try await layer.journal.changes(in: Set(ChangeState.allCases), limit: nil)
            #expect(all.map(\.operation) == [.insert, .update])
            #expect(all.map(\.state) == [.inFlight, .pending])
            #expect(all[0].values["amount"] == .integer(1))  // the in-flight insert still sends 1
            #expect(all[1].values["amount"] == .integer(3))
            let update = all[1]

            _ = try layer.store.delete(ledger)
            all = try await layer.journal.changes(in: Set(ChangeState.allCases), limit: nil)
            #expect(all.map(\.operation) == [.insert, .delete])
            #expect(all[1].operationID == update.operationID && all[1].values.isEmpty)
            #expect(try await layer.journal.pendingCount() == 2)

            // Only the oldest change of an object is handed out: the in-flight insert again.
            #expect(try await layer.journal.claim(limit: 10).map(\.operationID) == [insert.operationID])
            try await layer.journal.acknowledge(operationIDs: [insert.operationID])
            let delete = try await layer.journal.claim(limit: 10)
            #expect(delete.map(\.operation) == [.delete] && delete.map(\.state) == [.inFlight])
        }
    }

    @Test(
        "a change sent and put back (no answer came) is never merged into: the server may have applied it",
        arguments: StoreKind.allCases)
    func sentChangeIsNeverMergedInto(kind: StoreKind) async throws {
        try await kind.withLayer { layer in
            var ledger = try layer.store.save(Ledger("a", amount: 1))
            let doomed = try layer.store.save(Ledger("b", amount: 1))
            let sent = try await layer.journal.claim(limit: 10)
            #expect(sent.count == 2)
            // The answer was lost: the engine puts the batch back; it was perhaps applied.
            try await layer.journal.release(operationIDs: sent.map(\.operationID))

            ledger.amount = 5
            _ = try layer.store.save(ledger)
            #expect(try layer.store.delete(doomed))
            let all = try await layer.journal.changes(in: Set(ChangeState.allCases), limit: nil)
            #expect(all.map(\.operation) == [.insert, .insert, .update, .delete], "the edits queue behind the sent inserts")
            #expect(all[0].values["amount"] == .integer(1), "a resent insert carries what was sent, under its id")
            #expect(all[2].values["amount"] == .integer(5))

            // An edit behind a never-sent change still coalesces into it.
            ledger.amount = 6
            _ = try layer.store.save(ledger)
            let again = try await layer.journal.changes(in: Set(ChangeState.allCases), limit: nil)
            #expect(again.count == 4 && again[2].values["amount"] == .integer(6))
        }
    }

    @Test("claim hands out the oldest change of each object, in journal order, up to the limit", arguments: StoreKind.allCases)
    func claimIsOldestPerObject(kind: StoreKind) async throws {
        try await kind.withLayer { layer in
            let saved = try layer.store.save([Parcel("p1"), Parcel("p2"), Parcel("p3")])
            var second = saved[1]
            second.weight = 9
            _ = try layer.store.save(second)  // coalesces into p2's insert
            #expect(try await layer.journal.claim(limit: 0).isEmpty)
            let firstTwo = try await layer.journal.claim(limit: 2)
            #expect(firstTwo.map(\.objectID) == [saved[0].objectId, saved[1].objectId])
            #expect(firstTwo[1].values["weight"] == .integer(9))
            #expect(try await layer.journal.changes(in: [.inFlight], limit: nil).count == 2)
            // A crash before acknowledging: the in-flight ones come back, with the rest.
            #expect(try await layer.journal.claim(limit: 10).map(\.objectID) == saved.map(\.objectId))
            try await layer.journal.release(operationIDs: firstTwo.map(\.operationID))
            #expect(try await layer.journal.changes(in: [.pending], limit: 2).map(\.objectID) == [saved[0].objectId, saved[1].objectId])
            #expect(try await layer.journal.changes(in: [], limit: nil).isEmpty)
        }
    }

    @Test("claim hands out in-flight changes before older pending ones", arguments: StoreKind.allCases)
    func claimPutsInFlightFirst(kind: StoreKind) async throws {
        try await kind.withLayer { layer in
            var first = try layer.store.save(Ledger("first"))
            let second = try layer.store.save(Ledger("second"))
            // first's insert is rejected; its next edit waits behind it; second goes in flight.
            let insert = try #require(try await layer.journal.claim(limit: 1).first)
            try await layer.journal.reject(operationID: insert.operationID, reason: "409 conflict")
            first.amount = 5
            _ = try layer.store.save(first)
            #expect(try await layer.journal.claim(limit: 5).map(\.objectID) == [second.objectId])
            try await layer.journal.retry(operationID: insert.operationID)
            // first's retried insert is older, but second's in-flight change comes first.
            let claimed = try await layer.journal.claim(limit: 1)
            #expect(claimed.map(\.objectID) == [second.objectId])
        }
    }

    @Test("reject keeps the reason, retry sends again, discard drops; pendingCount ignores rejected", arguments: StoreKind.allCases)
    func rejectRetryDiscard(kind: StoreKind) async throws {
        try await kind.withLayer { layer in
            _ = try layer.store.save([Parcel("a"), Parcel("b")])
            let claimed = try await layer.journal.claim(limit: 2)
            try await layer.journal.reject(operationID: claimed[0].operationID, reason: "422 weight missing")
            try await layer.journal.acknowledge(operationIDs: [claimed[1].operationID])
            let rejected = try await layer.journal.rejected()
            #expect(rejected.map(\.operationID) == [claimed[0].operationID])
            #expect(rejected.first?.reason == "422 weight missing" && rejected.first?.state == .rejected)
            #expect(try await layer.journal.pendingCount() == 0)

            try await layer.journal.retry(operationID: claimed[0].operationID)
            #expect(try await layer.journal.rejected().isEmpty)
            let retried = try await onlyChange(layer.journal)
            #expect(retried.state == .pending && retried.reason == nil)
            #expect(try await layer.journal.pendingCount() == 1)

            try await layer.journal.discard(operationID: retried.operationID)
            #expect(try await layer.journal.pendingCount() == 0)
            // The local data stays as it is: a server-only type has none, a local-and-server one keeps its row.
            let ledger = try layer.store.save(Ledger("kept"))
            try await layer.journal.discard(operationID: try await onlyChange(layer.journal).operationID)
            #expect(try layer.store.fetch(Ledger.self, id: ledger.objectId ?? "")?.title == "kept")
        }
    }

    @Test("a change in the wrong state or an unknown id is notFound naming the operation id", arguments: StoreKind.allCases)
    func wrongStateIsNotFound(kind: StoreKind) async throws {
        try await kind.withLayer { layer in
            _ = try layer.store.save(Parcel("a"))
            let pending = try await onlyChange(layer.journal).operationID
            let calls: [(String, () async throws -> Void)] = [
                ("retry of a pending change", { try await layer.journal.retry(operationID: pending) }),
                ("reject of a pending change", { try await layer.journal.reject(operationID: pending, reason: "x") }),
                ("release of a pending change", { try await layer.journal.release(operationIDs: [pending]) }),
                ("retry of an unknown id", { try await layer.journal.retry(operationID: "no-such-op") }),
                ("discard of an unknown id", { try await layer.journal.discard(operationID: "no-such-op") }),
            ]
            for (what, call) in calls {
                let error = await asyncDataError(call)
                #expect(error?.code == .notFound, "\(what)")
                let id = what.hasSuffix("unknown id") ? "no-such-op" : pending
                #expect(error?.message.contains("'\(id)'") == true, "\(what): \(error?.message ?? "")")
            }
            let inFlight = try #require(try await layer.journal.claim(limit: 1).first).operationID
            let discard = await asyncDataError { try await layer.journal.discard(operationID: inFlight) }
            #expect(discard?.code == .notFound)
            #expect(discard?.message == "no pending or rejected change has the operation id '\(inFlight)'")
            // Acknowledging is idempotent: an unknown or repeated id is ignored.
            try await layer.journal.acknowledge(operationIDs: ["no-such-op", inFlight])
            try await layer.journal.acknowledge(operationIDs: [inFlight])
            #expect(try await layer.journal.pendingCount() == 0)
        }
    }

    @Test("deleteAll of a journalled type drops its pending changes and records one deleteAll on *", arguments: StoreKind.allCases)
    func deleteAllReplacesPendingChanges(kind: StoreKind) async throws {
        try await kind.withLayer { layer in
            _ = try layer.store.save([Ledger("a"), Ledger("b")])
            let inFlight = try #require(try await layer.journal.claim(limit: 1).first)
            _ = try layer.store.save(Parcel("other type"))
            #expect(try layer.store.deleteAll(Ledger.self) == 2)
            #expect(try layer.store.deleteAll(Ledger.self) == 0)
            let ledgerChanges = try await layer.journal.changes(in: Set(ChangeState.allCases), limit: nil)
                .filter { $0.typeName == "Ledger" }
            #expect(ledgerChanges.map(\.operation) == [.insert, .deleteAll])
            #expect(ledgerChanges[0].operationID == inFlight.operationID)
            #expect(ledgerChanges[1].objectID == "*" && ledgerChanges[1].values.isEmpty && ledgerChanges[1].state == .pending)
            #expect(try await layer.journal.changes(in: [.pending], limit: nil).map(\.typeName).sorted() == ["Ledger", "Parcel"])
        }
    }

    @Test("each change records the type's scope, no owner without a session, and the clock's time", arguments: StoreKind.allCases)
    func changesRecordScopeAndTime(kind: StoreKind) async throws {
        let clock = SteppingClock()
        try await kind.withLayer(clock: clock) { layer in
            _ = try layer.store.save(Parcel("p"))
            clock.advance(by: 5)
            _ = try layer.store.save(Ledger("l"))
            let all = try await layer.journal.changes(in: Set(ChangeState.allCases), limit: nil)
            #expect(all.map(\.scope) == [.group, .user])
            #expect(all.allSatisfy { $0.ownerUser == nil && $0.ownerGroup == nil })
            #expect(all.map(\.createdAt) == [clock.now() - 5, clock.now()])
            #expect(all[0].sequence < all[1].sequence)
            #expect(Set(all.map(\.operationID)).count == 2)
        }
    }
}
