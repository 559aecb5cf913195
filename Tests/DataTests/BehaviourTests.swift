import Foundation
import StrataCrossCutting
import StrataData
import StrataDataTesting
import StrataJournal
import StrataSession
import StrataStore
import Testing

/// A type that lives locally and on the server, with a one-hour lifespan.
struct Visit: ValueObject, Equatable {
    var objectId: String?
    var note = ""
    var rank = 0
    init() {}
    init(note: String, rank: Int = 0) {
        self.note = note
        self.rank = rank
    }
    static let schema = ValueObjectSchema<Visit>(
        "Visit", fields: [.field("note", \.note), .field("rank", \.rank)],
        behaviour: ValueObjectBehaviour(persistentType: .localAndServer, lifespan: 3600, scope: .user))
}

/// A type kept only on the server (the seed's default).
struct Remote: ValueObject, Equatable {
    var objectId: String?
    var title = ""
    init() {}
    init(title: String) { self.title = title }
    static let schema = ValueObjectSchema<Remote>("Remote", fields: [.field("title", \.title)])
}

@Suite("Per-type behaviour: persistent types, lifespans, scope")
struct BehaviourTests {
    func layer(_ container: ContainerDirectory = temporaryContainer(), clock: TestClock = TestClock()) async throws -> any DataLayer {
        let layer = try await DataLayerFactory.live(container: container, logger: quietLogger, clock: clock)
        for type in [Visit.self, Remote.self] as [any ValueObject.Type] { try await register(type, in: layer.store) }
        try await layer.store.register(Sample.self)
        return layer
    }

    private func register<T: ValueObject>(_ type: T.Type, in store: any ValueObjectStore) async throws { try await store.register(type) }

    @Test("server-only: no readable local rows, no table; the change waits in the journal")
    func serverOnlyKeepsNoRows() async throws {
        let container = temporaryContainer()
        let layer = try await layer(container)
        let saved = try await layer.store.save(Remote(title: "on the server"))
        #expect(saved.objectId != nil)
        #expect(try await layer.store.fetch(Remote.self, id: saved.objectId!) == nil)
        #expect(try await layer.store.query(Query<Remote>()).isEmpty)
        #expect(try await layer.store.count(Query<Remote>()) == 0)
        let changes = try await layer.journal.changes(in: [.pending], limit: nil)
        #expect(changes.map(\.operation) == [.insert])
        #expect(changes.first?.values["title"] == .text("on the server"))
        #expect(changes.first?.scope == .group)
        let tables = try SQLiteInspector(container.storeURL).rows("SELECT name FROM sqlite_schema WHERE type = 'table'")
        #expect(!tables.contains(["Remote"]))
    }

    @Test("local-only types never produce outgoing changes")
    func localOnlyNeverJournals() async throws {
        let layer = try await layer()
        var sample = try await layer.store.save(Sample(name: "here", count: 1))
        sample.count = 2
        _ = try await layer.store.save(sample)
        _ = try await layer.store.delete(sample)
        #expect(try await layer.journal.pendingCount() == 0)
    }

    @Test("local-and-server: the row and its change are written together; edits before sending coalesce")
    func localAndServerCoalesces() async throws {
        let layer = try await layer()
        var visit = try await layer.store.save(Visit(note: "first"))
        visit.note = "second"
        visit = try await layer.store.save(visit)
        visit.rank = 7
        visit = try await layer.store.save(visit)
        let pending = try await layer.journal.changes(in: [.pending], limit: nil)
        #expect(pending.count == 1)
        #expect(pending.first?.operation == .insert)
        #expect(pending.first?.values == ["note": .text("second"), "rank": .integer(7)])
        #expect(pending.first?.scope == .user)
        #expect(try await layer.store.fetch(Visit.self, id: visit.objectId!) == visit)

        _ = try await layer.store.delete(visit)
        #expect(try await layer.journal.pendingCount() == 0, "an insert then a delete never reaches the server")
    }

    @Test("a change handed to the sync engine is never rewritten: later edits queue behind it")
    func inFlightChangesAreNotRewritten() async throws {
        let layer = try await layer()
        var visit = try await layer.store.save(Visit(note: "v1"))
        let claimed = try await layer.journal.claim(limit: 10)
        #expect(claimed.map(\.state) == [.inFlight])
        visit.note = "v2"
        visit = try await layer.store.save(visit)
        visit.note = "v3"
        visit = try await layer.store.save(visit)
        let all = try await layer.journal.changes(in: Set(ChangeState.allCases), limit: nil)
        #expect(all.map(\.operation) == [.insert, .update])
        #expect(all.last?.values["note"] == .text("v3"))
        #expect(try await layer.journal.claim(limit: 10).map(\.operationID) == [claimed[0].operationID], "one change per object at a time")
        try await layer.journal.acknowledge(operationIDs: [claimed[0].operationID])
        #expect(try await layer.journal.claim(limit: 10).map(\.operation) == [.update])
    }

    @Test("a format-2 store gains the journal's sent column on open; its changes count as sent and are never merged into")
    func formatTwoJournalCountsAsSent() async throws {
        let container = temporaryContainer()
        var visit = try await layer(container).store.save(Visit(note: "before the upgrade"))
        let inspector = SQLiteInspector(container.storeURL)
        try inspector.execute(#"ALTER TABLE "_strata_journal" DROP COLUMN "sent""#)
        try inspector.execute(#"DROP TABLE "_strata_journal_claims""#)
        try inspector.execute("PRAGMA user_version = 2")

        let reopened = try await layer(container)
        #expect(try inspector.rows("PRAGMA user_version") == [["8"]], "upgraded through every later format too")
        #expect(try inspector.rows(#"SELECT "sent" FROM "_strata_journal""#) == [["1"]])
        visit.note = "after the upgrade"
        _ = try await reopened.store.save(visit)
        let all = try await reopened.journal.changes(in: Set(ChangeState.allCases), limit: nil)
        #expect(all.map(\.operation) == [.insert, .update], "perhaps sent before the upgrade: the edit queues behind it")
    }

    @Test("rejected changes keep the server's reason; retry and discard act on them")
    func rejectRetryDiscard() async throws {
        let layer = try await layer()
        _ = try await layer.store.save(Visit(note: "a"))
        _ = try await layer.store.save(Visit(note: "b"))
        let claimed = try await layer.journal.claim(limit: 10)
        try await layer.journal.reject(operationID: claimed[0].operationID, reason: "403: not your group")
        try await layer.journal.release(operationIDs: [claimed[1].operationID])
        #expect(try await layer.journal.rejected().map(\.reason) == ["403: not your group"])
        #expect(try await layer.journal.pendingCount() == 1)
        try await layer.journal.retry(operationID: claimed[0].operationID)
        #expect(try await layer.journal.pendingCount() == 2)
        try await layer.journal.discard(operationID: claimed[1].operationID)
        #expect(try await layer.journal.pendingCount() == 1)
        let missing = try await #require(throws: DataError.self) { try await layer.journal.retry(operationID: "nope") }
        #expect(missing.code == .notFound)
        #expect(missing.message.contains("'nope'"))
    }

    @Test("delete all of a journalled type drops its unsent changes and records one deleteAll")
    func deleteAllIsLogicalOnTheServer() async throws {
        let layer = try await layer()
        _ = try await layer.store.save([Visit(note: "a"), Visit(note: "b")])
        #expect(try await layer.store.deleteAll(Visit.self) == 2)
        let pending = try await layer.journal.changes(in: [.pending], limit: nil)
        #expect(pending.map(\.operation) == [.deleteAll])
        #expect(pending.first?.objectID == "*")
    }

    @Test("rows older than the lifespan vanish from reads at the right moment and are purged on open")
    func lifespanExpiresRows() async throws {
        let container = temporaryContainer()
        let clock = TestClock()
        let layer = try await layer(container, clock: clock)
        let old = try await layer.store.save(Visit(note: "old"))
        try await layer.journal.acknowledge(operationIDs: try layer.journal.claim(limit: 10).map(\.operationID))
        clock.advance(1800)
        let young = try await layer.store.save(Visit(note: "young"))
        clock.advance(1799)
        #expect(try await layer.store.count(Query<Visit>()) == 2)
        clock.advance(2)
        #expect(try await layer.store.query(Query<Visit>()).map(\.note) == ["young"])
        #expect(try await layer.store.fetch(Visit.self, id: old.objectId!) == nil)
        #expect(try await layer.store.fetch(Visit.self, id: young.objectId!) != nil)

        // Reopening purges the expired row that has nothing left to send.
        _ = try await self.layer(container, clock: clock)
        let ids = try SQLiteInspector(container.storeURL).rows("SELECT objectId FROM Visit").map { $0[0] }
        #expect(ids == [young.objectId!])
    }

    @Test("purging never touches rows whose changes are still waiting to be sent")
    func purgeKeepsPendingRows() async throws {
        let container = temporaryContainer()
        let clock = TestClock()
        let layer = try await layer(container, clock: clock)
        let pending = try await layer.store.save(Visit(note: "unsent"))
        clock.advance(7200)
        _ = try await self.layer(container, clock: clock)
        let ids = try SQLiteInspector(container.storeURL).rows("SELECT objectId FROM Visit").map { $0[0] }
        #expect(ids == [pending.objectId!])
        #expect(try await layer.journal.pendingCount() == 1)
    }

    @Test("each change and row records the type's scope")
    func scopeIsRecorded() async throws {
        let container = temporaryContainer()
        let layer = try await layer(container)
        _ = try await layer.store.save(Visit(note: "mine"))
        #expect(try SQLiteInspector(container.storeURL).rows("SELECT _scope FROM Visit") == [["1"]])
        #expect(try await layer.journal.changes(in: [.pending], limit: nil).map(\.scope) == [.user])
    }

    @Test("the signed-in user and their first group are recorded as the owner of rows and changes")
    func ownerIsRecordedFromTheSession() async throws {
        let container = temporaryContainer()
        let clock = TestClock()
        let layer = try await layer(container, clock: clock)
        let groups = [GroupRole(groupID: "g-214", groupName: "group15", roleName: "Admin")]
        try await layer.session.save(
            AuthInfo(userID: "u-418", account: "user1", groups: groups, token: "t", validUntil: clock.now().addingTimeInterval(60)))
        _ = try await layer.store.save(Visit(note: "owned"))
        let change = try await #require(try layer.journal.changes(in: [.pending], limit: nil).first)
        #expect(change.ownerUser == "u-418" && change.ownerGroup == "g-214")
        #expect(try SQLiteInspector(container.storeURL).rows("SELECT _ownerUser, _ownerGroup FROM Visit") == [["u-418", "g-214"]])
        clock.advance(61)
        try await layer.session.clear()
        _ = try await layer.store.save(Visit(note: "anonymous"))
        #expect(try await layer.journal.changes(in: [.pending], limit: nil).last?.ownerUser == nil)
    }

    @Test("behaviour settings are checked at registration")
    func invalidBehaviours() async throws {
        struct BadLifespan: ValueObject {
            var objectId: String?
            var value = 0
            init() {}
            static let schema = ValueObjectSchema<BadLifespan>(
                "BadLifespan", fields: [.field("value", \.value)],
                behaviour: ValueObjectBehaviour(lifespan: 0, encrypted: ["nope"]))
        }
        let store = try await layer().store
        let error = try await #require(throws: DataError.self) { try await store.register(BadLifespan.self) }
        #expect(error.code == .invalidSchema)
        #expect(error.message.contains("encrypted key 'nope' is not a field"))
    }
}
