import Foundation
import StrataCrossCutting
import StrataData
import StrataDataTesting
import StrataJournal
import StrataStore
import StrataWire
import Testing

/// A ward, synced, seen by its group.
private struct Ward: ValueObject, Equatable {
    var objectId: String?
    var name = ""
    init() {}
    init(name: String) { self.name = name }
    static let schema = ValueObjectSchema<Ward>(
        "Ward", fields: [.field("name", \.name)],
        behaviour: ValueObjectBehaviour(persistentType: .localAndServer, scope: .group))
}

/// A round of a ward: seen by whoever sees its ward.
private struct Round: ValueObject, Equatable {
    var objectId: String?
    var wardID = ""
    var note = ""
    init() {}
    init(wardID: String, note: String) {
        self.wardID = wardID
        self.note = note
    }
    static let schema = ValueObjectSchema<Round>(
        "Round", fields: [.field("wardID", \.wardID), .field("note", \.note)],
        behaviour: ValueObjectBehaviour(following: Ward.schema.behaviour),
        dependsOn: [ValueObjectDependency("wardID", on: "Ward", sharesVisibility: true)])
}

/// Issue 26: a change of an object that shares its parent's visibility names the parent
/// (``Change/parentType``, ``Change/parentID``) when the journal hands it out, so the server
/// can delete it with its parent; other types' changes, and deletes, name none.
@Suite("the journal names a dependent change's parent")
struct ChangeParentTests {
    @Test("a round's insert and update name its ward; the ward's own change and the round's delete name none")
    func parentNamed() async throws {
        let layer = try await DataLayerFactory.live(container: temporaryContainer(), logger: quietLogger, clock: TestClock())
        try await layer.store.register(Ward.self)
        try await layer.store.register(Round.self)
        let ward = try await layer.store.save(Ward(name: "north"))
        var round = try await layer.store.save(Round(wardID: try #require(ward.objectId), note: "9:00"))
        // As the sync engine claims them.
        var changes = try await layer.journal.claim(limit: 100)
        #expect(changes.first { $0.typeName == "Ward" }.map { [$0.parentType, $0.parentID] } == [nil, nil])
        let insert = try #require(changes.first { $0.typeName == "Round" })
        #expect(insert.parentType == "Ward" && insert.parentID == ward.objectId)
        // Sent: the next edit is an update.
        try await layer.journal.acknowledge(operationIDs: changes.map(\.operationID))
        round.note = "10:00"
        round = try await layer.store.save(round)
        changes = try await layer.journal.claim(limit: 100)
        #expect(changes.map(\.operation) == [.update])
        #expect(changes.first?.parentType == "Ward" && changes.first?.parentID == ward.objectId)
        try await layer.journal.acknowledge(operationIDs: changes.map(\.operationID))
        #expect(try await layer.store.delete(round))
        changes = try await layer.journal.claim(limit: 100)
        #expect(changes.map(\.operation) == [.delete])
        #expect(changes.first?.parentType == nil)
    }
}
