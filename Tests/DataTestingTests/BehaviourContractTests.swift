import Foundation
import StrataData
import StrataDataTesting
import Testing

/// Per-type behaviour (persistent type, lifespan, encrypted keys), on the in-memory double
/// and on the live SQLite store alike.
@Suite("in-memory double and SQLite store: the same per-type behaviour")
struct BehaviourContractTests {
    @Test("a server-only type keeps no readable rows; its saves and deletes wait in the journal", arguments: StoreKind.allCases)
    func serverOnlyKeepsNoRows(kind: StoreKind) async throws {
        try await kind.withLayer { layer in
            let store = layer.store
            var parcel = try store.save(Parcel("box", weight: 3))
            let id = try #require(parcel.objectId)
            #expect(parcel.label == "box")
            #expect(try store.fetch(Parcel.self, id: id) == nil)
            #expect(try store.query(Query<Parcel>()).isEmpty)
            #expect(try store.count(Query<Parcel>().whereKey("label", .equal, "box")) == 0)
            // No table, so no unique check either: the server decides.
            _ = try store.save(Parcel("box"))

            let insert = try #require(try await layer.journal.claim(limit: 1).first)
            #expect(insert.objectID == id && insert.operation == .insert)
            #expect(insert.values == ["label": .text("box"), "weight": .integer(3)])
            parcel.weight = 4
            #expect(try store.save(parcel).objectId == id)  // an update of an id it never stored locally
            #expect(try store.delete(parcel))
            let forParcel = try await layer.journal.changes(in: Set(ChangeState.allCases), limit: nil).filter { $0.objectID == id }
            #expect(forParcel.map(\.operation) == [.insert, .delete])
            #expect(try store.deleteAll(Parcel.self) == 0)
        }
    }

    @Test("a local-and-server type keeps readable rows and journals every change", arguments: StoreKind.allCases)
    func localAndServerDoesBoth(kind: StoreKind) async throws {
        try await kind.withLayer { layer in
            let store = layer.store
            var ledger = try store.save(Ledger("rent", secret: "1234", amount: 700))
            let id = try #require(ledger.objectId)
            #expect(try store.fetch(Ledger.self, id: id) == ledger)
            #expect(try store.count(Query<Ledger>()) == 1)
            #expect(try await layer.journal.pendingCount() == 1)

            ledger.objectId = "missing-id"
            #expect(dataError { try store.save(ledger) }?.code == .notFound)
            #expect(try await layer.journal.pendingCount() == 1)  // the failed save journalled nothing
            let list = dataError { try store.save([Ledger("ok"), ledger]) }
            #expect(list?.code == .notFound)
            #expect(try store.count(Query<Ledger>()) == 1)
            #expect(try await layer.journal.pendingCount() == 1)  // all or nothing, journal included
        }
    }

    @Test("an encrypted key is found by equality; like and sorting on it are refused", arguments: StoreKind.allCases)
    func encryptedKeysAllowOnlyEquality(kind: StoreKind) async throws {
        try await kind.withLayer { layer in
            let store = layer.store
            _ = try store.save([Ledger("a", secret: "open sesame"), Ledger("b", secret: "other")])
            #expect(try store.query(Query<Ledger>().whereKey("secret", .equal, "open sesame")).map(\.title) == ["a"])
            #expect(try store.count(Query<Ledger>().whereKey("secret", .notEqual, "open sesame")) == 1)
            let like = dataError { try store.query(Query<Ledger>().whereKey("secret", .like, "%open%")) }
            #expect(like?.code == .invalidQuery)
            #expect(like?.message.contains("Ledger.secret is encrypted") == true)
            let sorted = dataError { try store.query(Query<Ledger>().sorted(by: "secret")) }
            #expect(sorted?.code == .invalidQuery)
            #expect(try store.query(Query<Ledger>().sorted(by: "title")).map(\.secret) == ["open sesame", "other"])
        }
    }

    @Test("rows older than their lifespan vanish from fetch, query and count at the right moment", arguments: StoreKind.allCases)
    func expiredRowsVanish(kind: StoreKind) async throws {
        let clock = SteppingClock()
        try await kind.withLayer(clock: clock) { layer in
            let store = layer.store
            let old = try store.save(Crumb("old"))
            clock.advance(by: 40)
            var young = try store.save(Crumb("young"))
            clock.advance(by: 60)  // old is exactly 100 s old: still readable
            #expect(try store.query(Query<Crumb>().sorted(by: "text")).map(\.text) == ["old", "young"])
            clock.advance(by: 0.5)  // old is past its lifespan
            #expect(try store.fetch(Crumb.self, id: old.objectId ?? "") == nil)
            #expect(try store.query(Query<Crumb>()).map(\.text) == ["young"])
            #expect(try store.count(Query<Crumb>()) == 1)
            young.text = "refreshed"
            _ = try store.save(young)  // a save stores the row again: its lifespan starts over
            clock.advance(by: 99)
            #expect(try store.query(Query<Crumb>()).map(\.text) == ["refreshed"])
            clock.advance(by: 2)
            #expect(try store.count(Query<Crumb>()) == 0)
            // Types without a lifespan never expire.
            _ = try store.save(Item("forever"))
            clock.advance(by: 1_000_000)
            #expect(try store.count(Query<Item>()) == 1)
        }
    }

    @Test("the purge removes expired rows but keeps rows whose changes are not sent yet", arguments: StoreKind.allCases)
    func purgeSparesUnsentChanges(kind: StoreKind) async throws {
        let clock = SteppingClock()
        try await kind.withLayer(clock: clock) { layer in
            let store = layer.store
            var crumb = try store.save(Crumb("local"))
            var draft = try store.save(Draft("unsent"))
            clock.advance(by: 200)
            // A save more than a minute after the last purge purges its type.
            _ = try store.save(Crumb("trigger"))
            _ = try store.save(Draft("trigger"))
            crumb.text = "again"
            let purged = dataError { try store.save(crumb) }
            #expect(purged?.code == .notFound)  // the expired local-only row is gone for good
            #expect(try store.fetch(Draft.self, id: draft.objectId ?? "") == nil)  // expired: never returned
            draft.text = "edited"
            _ = try store.save(draft)  // still stored, because its insert waits in the journal
            #expect(try store.fetch(Draft.self, id: draft.objectId ?? "")?.text == "edited")
            let drafts = try await layer.journal.changes(in: [.pending], limit: nil).filter { $0.objectID == draft.objectId }
            #expect(drafts.map(\.operation) == [.insert] && drafts.first?.values["text"] == .text("edited"))
        }
    }
}
