import Foundation
import StrataCrossCutting
import StrataData
import StrataDataTesting
import StrataJournal
import StrataStore
import StrataWire
import Testing

/// A chart synced field by field: `note` encrypted at rest, `updatedAt` a quiet field.
private struct Chart: ValueObject, Equatable {
    var objectId: String?
    var age = 0
    var note = ""
    var updatedAt = 0.0
    init() {}
    init(age: Int, note: String = "") {
        self.age = age
        self.note = note
    }
    static let schema = ValueObjectSchema<Chart>(
        "Chart", fields: [.field("age", \.age), .field("note", \.note), .field("updatedAt", \.updatedAt)],
        behaviour: ValueObjectBehaviour(persistentType: .localAndServer, encrypted: ["note"], quietFields: ["updatedAt"]))
}

/// Base versions kept from pulls and recorded on updates, the ledger of acknowledged
/// operations, and the conflicts recorded, listed and settled (``SyncConflictStore``).
@Suite("Conflicts in the store: base versions from pulls, the acknowledged ledger, overwrites and refusals settled")
struct ConflictStoreTests {
    private let container = temporaryContainer()

    private func layer() async throws -> any DataLayer {
        let layer = try await DataLayerFactory.live(container: container, logger: quietLogger, clock: TestClock())
        try await layer.store.register(Chart.self)
        return layer
    }

    private static func chart(_ id: String, age: Int, note: String = "n", version: Int64, deleted: Bool = false) -> WireObject {
        WireObject(
            objectId: id, values: ["age": .integer(Int64(age)), "note": .text(note), "updatedAt": .real(1)], scope: 2,
            ownerUser: "u9", ownerGroup: "g1", deleted: deleted, version: version)
    }

    private func pull(_ layer: any DataLayer, _ objects: WireObject...) async throws {
        _ = try await layer.syncState.applyPulled(
            PullResponse(objects: objects, cursor: objects.map(\.version).max() ?? 0, hasMore: false), typeName: "Chart")
    }

    private func knownVersions() throws -> [[String]] {
        try SQLiteInspector(container.storeURL).rows(#"SELECT "objectId", "version" FROM "_strata_server_versions" ORDER BY 1"#)
    }

    /// Inserts a chart and has the server acknowledge it: its operation id is in the ledger.
    private func acknowledgedInsert(_ layer: any DataLayer, age: Int) async throws -> (id: String, operationID: String) {
        let saved = try await layer.store.save(Chart(age: age, note: "mine"))
        let claimed = try await layer.journal.claim(limit: 10)
        try await layer.journal.acknowledge(operationIDs: claimed.map(\.operationID))
        return (try #require(saved.objectId), try #require(claimed.first?.operationID))
    }

    private static func notice(
        _ objectID: String, operationID: String, version: Int64, fields: [String], yours: Int = 50, theirs: Int = 51
    ) -> WireOverwrite {
        WireOverwrite(
            objectId: objectID, version: version, operationId: operationID, fields: fields,
            yours: ["age": .integer(Int64(yours)), "updatedAt": .real(1)], theirs: ["age": .integer(Int64(theirs)), "updatedAt": .real(2)],
            byAccount: "carol")
    }

    @Test("an update records the version its row was last pulled at and the type's policy; inserts and deletes have none")
    func baseVersionFromPulls() async throws {
        let layer = try await layer()
        try await pull(layer, Self.chart("c1", age: 40, version: 7), Self.chart("c2", age: 30, version: 8))
        #expect(try knownVersions() == [["c1", "7"], ["c2", "8"]])
        var chart = try #require(try await layer.store.fetch(Chart.self, id: "c1"))
        chart.age = 41
        _ = try await layer.store.save(chart)
        _ = try await layer.store.save(Chart(age: 1))
        let changes = try await layer.journal.changes(in: [.pending], limit: nil)
        #expect(changes.map(\.operation) == [.update, .insert])
        #expect(changes.map(\.baseVersion) == [7, nil])
        #expect(changes.map(\.policy) == [.fieldMerge, .fieldMerge])
        #expect(changes.first?.fields == ["age"])

        // A pulled deletion removes the row's version with the row; a local delete too.
        try await pull(layer, Self.chart("c2", age: 30, version: 9, deleted: true))
        #expect(try knownVersions() == [["c1", "7"]])
        try await layer.journal.acknowledge(operationIDs: try await layer.journal.claim(limit: 10).map(\.operationID))
        _ = try await layer.store.delete(chart)
        #expect(try knownVersions().isEmpty)
        let delete = try #require(try await layer.journal.changes(in: [.pending], limit: nil).first)
        #expect(delete.operation == .delete && delete.baseVersion == nil)
    }

    @Test("two unsent updates folded keep the first one's base version")
    func foldingKeepsTheFirstBase() async throws {
        let layer = try await layer()
        try await pull(layer, Self.chart("c1", age: 40, version: 7))
        var chart = try #require(try await layer.store.fetch(Chart.self, id: "c1"))
        chart.age = 41
        chart = try await layer.store.save(chart)
        try SQLiteInspector(container.storeURL).execute(#"UPDATE "_strata_server_versions" SET "version" = 12"#)
        chart.note = "second edit"
        _ = try await layer.store.save(chart)
        let changes = try await layer.journal.changes(in: [.pending], limit: nil)
        #expect(changes.count == 1)
        #expect(changes.first?.baseVersion == 7)
        #expect(changes.first?.fields == ["age", "note"])
    }

    @Test("an overwrite notice records a conflict once, only for this device's acknowledged writes, without quiet fields")
    func noticesRecordedOnce() async throws {
        let layer = try await layer()
        let (id, operationID) = try await acknowledgedInsert(layer, age: 50)
        let mine = Self.notice(id, operationID: operationID, version: 3, fields: ["age", "updatedAt"])
        let others = Self.notice(id, operationID: "0190f5c4-0000-7000-8000-000000000000", version: 4, fields: ["age"])
        let quietOnly = Self.notice(id, operationID: operationID, version: 5, fields: ["updatedAt"])
        let recorded = try await layer.conflicts.recordOverwritten([mine, others, quietOnly], typeName: "Chart")
        #expect(recorded.count == 1)
        let conflict = try #require(recorded.first)
        #expect(conflict.kind == .overwritten && conflict.typeName == "Chart" && conflict.objectID == id)
        #expect(conflict.fields == ["age"])
        #expect(conflict.mine == ["age": .integer(50)] && conflict.theirs == ["age": .integer(51)])
        #expect(conflict.byAccount == "carol" && conflict.serverVersion == 3)
        #expect(try await layer.conflicts.recordOverwritten([mine], typeName: "Chart").isEmpty, "seen before: nothing new")
        #expect(try await layer.conflicts.conflicts().map(\.id) == [conflict.id])
    }

    @Test("keep mine for an overwrite writes mine to the row and queues an update of exactly those fields on the known version")
    func keepMineQueuesTheFields() async throws {
        let layer = try await layer()
        let (id, operationID) = try await acknowledgedInsert(layer, age: 50)
        try await pull(layer, Self.chart(id, age: 51, note: "theirs", version: 3))
        let conflict = try #require(
            try await layer.conflicts.recordOverwritten([Self.notice(id, operationID: operationID, version: 3, fields: ["age"])], typeName: "Chart")
                .first)
        try await layer.conflicts.resolve(conflict.id, .keepMine)
        let change = try #require(try await layer.journal.changes(in: [.pending], limit: nil).first)
        #expect(change.operation == .update && change.objectID == id)
        #expect(change.fields == ["age"])
        #expect(change.baseVersion == 3)
        #expect(change.values["age"] == .integer(50) && change.values["note"] == .text("theirs"))
        #expect(change.ownerUser == nil, "made while nobody was signed in, as the acknowledged insert")
        #expect(try await layer.store.fetch(Chart.self, id: id)?.age == 50)
        #expect(try await layer.conflicts.conflicts().isEmpty)
    }

    @Test("keep theirs for an overwrite only forgets it; the same notice pulled again records nothing")
    func keepTheirsForgets() async throws {
        let layer = try await layer()
        let (id, operationID) = try await acknowledgedInsert(layer, age: 50)
        try await pull(layer, Self.chart(id, age: 51, version: 3))
        let notice = Self.notice(id, operationID: operationID, version: 3, fields: ["age"])
        let conflict = try #require(try await layer.conflicts.recordOverwritten([notice], typeName: "Chart").first)
        try await layer.conflicts.resolve(String(conflict.id.prefix(20)), .keepTheirs)
        #expect(try await layer.conflicts.conflicts().isEmpty)
        #expect(try await layer.journal.pendingCount() == 0)
        #expect(try await layer.store.fetch(Chart.self, id: id)?.age == 51)
        #expect(try await layer.conflicts.recordOverwritten([notice], typeName: "Chart").isEmpty)
    }

    @Test("keep mine for an overwrite whose object is gone from this device is notFound saying keep theirs forgets it; keep theirs does")
    func keepMineOfAGoneObject() async throws {
        let layer = try await layer()
        let (id, operationID) = try await acknowledgedInsert(layer, age: 50)
        let conflict = try #require(
            try await layer.conflicts.recordOverwritten([Self.notice(id, operationID: operationID, version: 3, fields: ["age"])], typeName: "Chart")
                .first)
        try await pull(layer, Self.chart(id, age: 51, version: 4, deleted: true))
        let error = try await #require(throws: DataError.self) { try await layer.conflicts.resolve(conflict.id, .keepMine) }
        #expect(error.code == .notFound && error.message.contains("no longer stored") && error.message.contains(conflict.id))
        #expect(try await layer.journal.pendingCount() == 0, "nothing queued")
        try await layer.conflicts.resolve(conflict.id, .keepTheirs)
        #expect(try await layer.conflicts.conflicts().isEmpty)
    }

    /// A chart pulled at version 3, edited (age 45) and refused with the server's version 8 (age 47).
    private func refusedEdit(_ layer: any DataLayer) async throws -> Change {
        try await pull(layer, Self.chart("c1", age: 40, version: 3))
        var chart = try #require(try await layer.store.fetch(Chart.self, id: "c1"))
        chart.age = 45
        _ = try await layer.store.save(chart)
        let change = try #require(try await layer.journal.claim(limit: 10).first)
        try await layer.journal.reject(
            operationID: change.operationID, reason: "Chart c1: age changed since your copy (version 3); the server has version 8",
            conflictFields: ["age"], current: Self.chart("c1", age: 47, note: "server note", version: 8))
        return change
    }

    @Test("a refused change keeps the server's object and is listed as a refused conflict with both sides")
    func refusedKeepsCurrent() async throws {
        let layer = try await layer()
        let change = try await refusedEdit(layer)
        #expect(change.baseVersion == 3)
        let rejected = try #require(try await layer.journal.rejected().first)
        #expect(rejected.current?.version == 8 && rejected.conflictFields == ["age"])
        let conflict = try #require(try await layer.conflicts.conflicts().first)
        #expect(conflict.kind == .refused && conflict.id == change.operationID)
        #expect(conflict.mine == ["age": .integer(45)] && conflict.theirs == ["age": .integer(47)])
        #expect(conflict.serverVersion == 8 && conflict.fields == ["age"])
    }

    @Test("keep mine for a refused change puts it back to pending on the server's version")
    func refusedKeepMineRepends() async throws {
        let layer = try await layer()
        let change = try await refusedEdit(layer)
        try await layer.conflicts.resolve(change.operationID, .keepMine)
        let pending = try await layer.journal.changes(in: [.pending], limit: nil)
        #expect(pending.map(\.operationID) == [change.operationID])
        #expect(pending.first?.baseVersion == 8)
        #expect(pending.first?.values["age"] == .integer(45))
        #expect(pending.first?.current == nil)
        #expect(try await layer.journal.rejected().isEmpty)
        #expect(try await layer.conflicts.conflicts().isEmpty)
    }

    @Test("merged values for a refused change replace its field, on the row too, and it is sent on the server's version")
    func refusedMerged() async throws {
        let layer = try await layer()
        let change = try await refusedEdit(layer)
        try await layer.conflicts.resolve(change.operationID, .merged(["age": .integer(46)]))
        let pending = try #require(try await layer.journal.changes(in: [.pending], limit: nil).first)
        #expect(pending.values["age"] == .integer(46) && pending.baseVersion == 8 && pending.fields == ["age"])
        #expect(try await layer.store.fetch(Chart.self, id: "c1")?.age == 46)
    }

    @Test("keep theirs for a refused change drops it and writes the server's object to the row")
    func refusedKeepTheirsWritesServerValues() async throws {
        let layer = try await layer()
        let change = try await refusedEdit(layer)
        try await layer.conflicts.resolve(change.operationID, .keepTheirs)
        #expect(try await layer.journal.changes(in: Set(ChangeState.allCases), limit: nil).isEmpty)
        let chart = try #require(try await layer.store.fetch(Chart.self, id: "c1"))
        #expect(chart.age == 47 && chart.note == "server note")
        #expect(try knownVersions() == [["c1", "8"]])
        #expect(try await layer.conflicts.conflicts().isEmpty)
        // Pulls skipped the object while the change waited: the next sync fetches it again.
        #expect(try await layer.syncState.refetchRequests("Chart") == ["c1"])
    }

    @Test("keep theirs for a refused change ends with the server's object as it is now: a newer version, or its deletion")
    func refusedKeepTheirsTakesTheServersNow() async throws {
        let layer = try await layer()
        let change = try await refusedEdit(layer)
        // A pull while the change waited moves the cursor past version 9 without writing it.
        try await pull(layer, Self.chart("c1", age: 60, note: "newer", version: 9))
        #expect(try await layer.store.fetch(Chart.self, id: "c1")?.age == 45)
        try await layer.conflicts.resolve(change.operationID, .keepTheirs)
        _ = try await layer.syncState.applyRefetched(
            [Self.chart("c1", age: 60, note: "newer", version: 9)], missing: [], typeName: "Chart")
        #expect(try await layer.store.fetch(Chart.self, id: "c1")?.age == 60)
        #expect(try knownVersions() == [["c1", "9"]])

        // Deleted on the server meanwhile: the refetch finds nothing and the row goes.
        try await pull(layer, Self.chart("c2", age: 20, version: 10))
        var chart = try #require(try await layer.store.fetch(Chart.self, id: "c2"))
        chart.age = 21
        _ = try await layer.store.save(chart)
        let second = try #require(try await layer.journal.claim(limit: 10).first)
        try await layer.journal.reject(
            operationID: second.operationID, reason: "refused", conflictFields: ["age"], current: Self.chart("c2", age: 22, version: 11))
        try await pull(layer, Self.chart("c2", age: 22, version: 12, deleted: true))
        try await layer.conflicts.resolve(second.operationID, .keepTheirs)
        #expect(try await layer.syncState.refetchRequests("Chart") == ["c2"])
        _ = try await layer.syncState.applyRefetched([], missing: ["c2"], typeName: "Chart")
        #expect(try await layer.store.fetch(Chart.self, id: "c2") == nil)
    }

    @Test("a pulled page records its overwrite notices in the transaction that writes it and moves its cursor")
    func pulledPageRecordsItsNotices() async throws {
        let layer = try await layer()
        let (id, operationID) = try await acknowledgedInsert(layer, age: 50)
        let page = PullResponse(
            objects: [Self.chart(id, age: 51, version: 3)], cursor: 3, hasMore: false,
            overwritten: [Self.notice(id, operationID: operationID, version: 3, fields: ["age"])])
        let outcome = try await layer.syncState.applyPulled(page, typeName: "Chart")
        #expect(outcome.conflicts.map(\.objectID) == [id])
        #expect(try await layer.conflicts.conflicts().map(\.objectID) == [id])
        #expect(try await layer.syncState.value(.cursor("Chart")) == "3")
        #expect(try await layer.syncState.applyPulled(page, typeName: "Chart").conflicts.isEmpty, "seen before: nothing new")
    }

    @Test("a damaged conflict is skipped when listing; keep mine of it names its id, keep theirs forgets it; others settle")
    func damagedConflictDoesNotBlockTheOthers() async throws {
        let layer = try await layer()
        let (id, operationID) = try await acknowledgedInsert(layer, age: 50)
        let (otherID, otherOperation) = try await acknowledgedInsert(layer, age: 30)
        let damaged = try #require(
            try await layer.conflicts.recordOverwritten([Self.notice(id, operationID: operationID, version: 3, fields: ["age"])], typeName: "Chart")
                .first)
        let sound = try #require(
            try await layer.conflicts.recordOverwritten(
                [Self.notice(otherID, operationID: otherOperation, version: 4, fields: ["age"])], typeName: "Chart"
            ).first)
        try SQLiteInspector(container.storeURL).execute(
            #"UPDATE "_strata_conflicts" SET "payload" = x'00010203' WHERE "id" = '\#(damaged.id)'"#)
        #expect(try await layer.conflicts.conflicts().map(\.id) == [sound.id])

        let error = try await #require(throws: DataError.self) { try await layer.conflicts.resolve(damaged.id, .keepMine) }
        #expect(error.message.contains(damaged.id) && !error.message.contains("\n"))
        try await layer.conflicts.resolve(sound.id, .keepTheirs)
        try await layer.conflicts.resolve(damaged.id, .keepTheirs)
        #expect(try await layer.conflicts.conflicts().isEmpty)
        #expect(try SQLiteInspector(container.storeURL).rows(#"SELECT count(*) FROM "_strata_conflicts" WHERE "settledAt" IS NULL"#) == [["0"]])
    }

    @Test("a damaged refused change is skipped when listing, and keep theirs drops it and fetches its object again")
    func damagedRefusalIsForgotten() async throws {
        let layer = try await layer()
        let change = try await refusedEdit(layer)
        try SQLiteInspector(container.storeURL).execute(#"UPDATE "_strata_journal" SET "current" = x'00010203'"#)
        #expect(try await layer.conflicts.conflicts().isEmpty)
        try await layer.conflicts.resolve(change.operationID, .keepTheirs)
        #expect(try await layer.journal.changes(in: Set(ChangeState.allCases), limit: nil).isEmpty)
        #expect(try await layer.syncState.refetchRequests("Chart") == ["c1"])
    }

    @Test("a start of a conflict id shorter than 8 characters names no conflict, even when only one could match")
    func shortIDStartIsRefused() async throws {
        let layer = try await layer()
        let change = try await refusedEdit(layer)
        let error = try await #require(throws: DataError.self) {
            try await layer.conflicts.resolve(String(change.operationID.prefix(1)), .keepTheirs)
        }
        #expect(error.code == .notFound && error.message.contains("at least 8 characters"))
        #expect(try await layer.conflicts.conflicts().count == 1)
        try await layer.conflicts.resolve(String(change.operationID.prefix(8)), .keepTheirs)
        #expect(try await layer.conflicts.conflicts().isEmpty)
    }

    @Test("settling an id no open conflict has is notFound naming the id")
    func unknownIDIsNamed() async throws {
        let layer = try await layer()
        let error = try await #require(throws: DataError.self) {
            try await layer.conflicts.resolve("no-such-conflict", .keepMine)
        }
        #expect(error.code == .notFound)
        #expect(error.message.contains("'no-such-conflict'"))
    }

    @Test("the ledger keeps the newest 10,000 acknowledged operations: a notice of an older one is dropped")
    func ledgerIsBoundedInCount() async throws {
        let layer = try await layer()
        let saved = try await layer.store.save((0...10_000).map { Chart(age: $0) })
        let claimed = try await layer.journal.claim(limit: 20_000)
        #expect(claimed.count == 10_001)
        try await layer.journal.acknowledge(operationIDs: claimed.map(\.operationID))
        #expect(try SQLiteInspector(container.storeURL).rows(#"SELECT count(*) FROM "_strata_acknowledged""#) == [["10000"]])
        let oldest = Self.notice(try #require(saved.first?.objectId), operationID: claimed[0].operationID, version: 3, fields: ["age"])
        let newest = Self.notice(try #require(saved.last?.objectId), operationID: claimed[10_000].operationID, version: 4, fields: ["age"])
        #expect(try await layer.conflicts.recordOverwritten([oldest, newest], typeName: "Chart").map(\.objectID) == [saved.last?.objectId])
    }

    @Test("the ledger forgets operations acknowledged more than 30 days ago: their notices are dropped")
    func ledgerIsBoundedInTime() async throws {
        let clock = TestClock()
        let layer = try await DataLayerFactory.live(container: container, logger: quietLogger, clock: clock)
        try await layer.store.register(Chart.self)
        let (id, operationID) = try await acknowledgedInsert(layer, age: 50)
        clock.advance(31 * 24 * 3600)
        _ = try await acknowledgedInsert(layer, age: 60)
        let notice = Self.notice(id, operationID: operationID, version: 3, fields: ["age"])
        #expect(try await layer.conflicts.recordOverwritten([notice], typeName: "Chart").isEmpty)
    }
}
