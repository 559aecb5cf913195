import Foundation
import StrataCrossCutting
import StrataData
import StrataDataTesting
import StrataJournal
import StrataStore
import StrataWire
import Testing

/// A ward, synced with the server.
private struct Ward: ValueObject, Equatable {
    var objectId: String?
    var name = ""
    init() {}
    init(name: String) { self.name = name }
    static let schema = ValueObjectSchema<Ward>(
        "Ward", fields: [.field("name", \.name)], behaviour: ValueObjectBehaviour(persistentType: .localAndServer))
}

/// A bed of a ward, synced, its ward id encrypted (found through the keyed hash).
private struct Bed: ValueObject, Equatable {
    var objectId: String?
    var wardID = ""
    var label = ""
    init() {}
    init(wardID: String, label: String) {
        self.wardID = wardID
        self.label = label
    }
    static let schema = ValueObjectSchema<Bed>(
        "Bed", fields: [.field("wardID", \.wardID), .field("label", \.label)],
        behaviour: ValueObjectBehaviour(persistentType: .localAndServer, encrypted: ["wardID"]),
        dependsOn: [ValueObjectDependency("wardID", on: "Ward")])
}

/// A chart at a bed, kept only on this machine.
private struct Chart: ValueObject, Equatable {
    var objectId: String?
    var bedID = ""
    var note = ""
    init() {}
    init(bedID: String, note: String) {
        self.bedID = bedID
        self.note = note
    }
    static let schema = ValueObjectSchema<Chart>(
        "Chart", fields: [.field("bedID", \.bedID), .field("note", \.note)], indexed: ["bedID"],
        behaviour: ValueObjectBehaviour(persistentType: .localOnly), dependsOn: [ValueObjectDependency("bedID", on: "Bed")])
}

/// A schema whose parent key is not text.
private struct BadChild: ValueObject {
    var objectId: String?
    var parent = 0
    init() {}
    static let schema = ValueObjectSchema<BadChild>(
        "BadChild", fields: [.field("parent", \.parent)], behaviour: ValueObjectBehaviour(persistentType: .localOnly),
        dependsOn: [ValueObjectDependency("parent", on: "Ward")])
}

@Suite("Dependent rows: a pulled deletion takes its dependents along, in the same transaction")
struct DependentRowTests {
    func layer() async throws -> any DataLayer {
        let layer = try await DataLayerFactory.live(container: temporaryContainer(), logger: quietLogger, clock: TestClock())
        try await layer.store.register(Ward.self)
        try await layer.store.register(Bed.self)
        try await layer.store.register(Chart.self)
        return layer
    }

    private func tombstone(_ id: String) -> WireObject {
        WireObject(objectId: id, values: [:], scope: 2, ownerUser: "u2", ownerGroup: "g1", deleted: true, version: 9)
    }

    @Test("a pulled ward deletion deletes its beds (through the encrypted key's hash) and their charts; others stay")
    func pulledDeletionCascades() async throws {
        let layer = try await layer()
        let north = try #require(try await layer.store.save(Ward(name: "north")).objectId)
        let south = try #require(try await layer.store.save(Ward(name: "south")).objectId)
        let bed = try #require(try await layer.store.save(Bed(wardID: north, label: "1")).objectId)
        let other = try #require(try await layer.store.save(Bed(wardID: south, label: "2")).objectId)
        _ = try await layer.store.save([Chart(bedID: bed, note: "a"), Chart(bedID: bed, note: "b"), Chart(bedID: other, note: "c")])
        _ = try await layer.journal.acknowledge(operationIDs: try await layer.journal.claim(limit: 100).map(\.operationID))

        let outcome = try await layer.syncState.applyPulled(
            PullResponse(objects: [tombstone(north)], cursor: 9, hasMore: false), typeName: "Ward")
        #expect(outcome.written == 1)
        #expect(try await layer.store.fetch(Ward.self, id: north) == nil)
        #expect(try await layer.store.query(Query<Bed>()).map(\.objectId) == [other])
        #expect(try await layer.store.query(Query<Chart>()).map(\.note) == ["c"])
    }

    @Test("a dependent's waiting changes go with it; the server would refuse them or keep an orphan")
    func dependentsPendingChangesAreDropped() async throws {
        let layer = try await layer()
        let north = try #require(try await layer.store.save(Ward(name: "north")).objectId)
        _ = try await layer.journal.acknowledge(operationIDs: try await layer.journal.claim(limit: 100).map(\.operationID))
        _ = try await layer.store.save(Bed(wardID: north, label: "new, never sent"))
        #expect(try await layer.journal.pendingCount() == 1)

        _ = try await layer.syncState.applyPulled(
            PullResponse(objects: [tombstone(north)], cursor: 9, hasMore: false), typeName: "Ward")
        #expect(try await layer.store.count(Query<Bed>()) == 0)
        #expect(try await layer.journal.pendingCount() == 0)
    }

    @Test("a parent with a local change still waiting is not deleted, nor are its dependents")
    func localChangeOfTheParentKeepsEverything() async throws {
        let layer = try await layer()
        var ward = try await layer.store.save(Ward(name: "north"))
        let north = try #require(ward.objectId)
        _ = try await layer.store.save(Bed(wardID: north, label: "1"))
        _ = try await layer.journal.acknowledge(operationIDs: try await layer.journal.claim(limit: 100).map(\.operationID))
        ward.name = "renamed here"
        _ = try await layer.store.save(ward)
        let outcome = try await layer.syncState.applyPulled(
            PullResponse(objects: [tombstone(north)], cursor: 9, hasMore: false), typeName: "Ward")
        #expect(outcome.keptLocal == 1)
        #expect(try await layer.store.count(Query<Bed>()) == 1)
    }

    @Test("a refetch answered 404 deletes the dependents too")
    func refetchedMissingParentCascades() async throws {
        let layer = try await layer()
        let north = try #require(try await layer.store.save(Ward(name: "north")).objectId)
        _ = try await layer.store.save(Bed(wardID: north, label: "1"))
        _ = try await layer.journal.acknowledge(operationIDs: try await layer.journal.claim(limit: 100).map(\.operationID))
        _ = try await layer.syncState.applyRefetched([], missing: [north], typeName: "Ward")
        #expect(try await layer.store.count(Query<Bed>()) == 0)
    }

    @Test("a parent key that is not a text field is refused at registration, naming it")
    func parentKeyMustBeText() async throws {
        let layer = try await layer()
        let error = try await #require(throws: DataError.self) { try await layer.store.register(BadChild.self) }
        #expect(error.code == .invalidSchema)
        #expect(error.message.contains("'parent'") && error.message.contains("Ward"), "\(error.message)")
    }
}
