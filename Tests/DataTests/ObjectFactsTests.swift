import Foundation
import StrataCrossCutting
import StrataData
import StrataJournal
import StrataSession
import StrataStore
import StrataWire
import Testing

/// A synced record kept for the facts tests.
private struct Note: ValueObject, Equatable {
    var objectId: String?
    var age = 0
    init() {}
    init(age: Int) { self.age = age }
    static let schema = ValueObjectSchema<Note>(
        "Note", fields: [.field("age", \.age)], behaviour: ValueObjectBehaviour(persistentType: .localAndServer))
}

/// `SyncStateStore.objectFacts(typeName:objectIDs:)`: each stored object's owner and whether a
/// change of it waits, was refused or conflicts, for a list's AUTHOR and SYNC columns.
@Suite("the sync state's facts of each object: owner, pending, rejected, conflict")
struct ObjectFactsTests {
    private let container = temporaryContainer()

    private func layer() async throws -> any DataLayer {
        let layer = try await DataLayerFactory.live(container: container, logger: quietLogger)
        try await layer.store.register(Note.self)
        return layer
    }

    @Test("an overwrite a pull reported is a conflict until it is settled; ids not stored are left out")
    func overwriteIsAConflictUntilSettled() async throws {
        let layer = try await layer()
        let saved = try await layer.store.save(Note(age: 50))
        let id = try #require(saved.objectId)
        let claimed = try await layer.journal.claim(limit: 10)
        try await layer.journal.acknowledge(operationIDs: claimed.map(\.operationID))
        var facts = try await layer.syncState.objectFacts(typeName: "Note", objectIDs: [id, "missing"])
        #expect(facts.keys.sorted() == [id])
        #expect(facts[id] == ObjectSyncFacts(ownerUser: nil))
        let notice = WireOverwrite(
            objectId: id, version: 3, operationId: try #require(claimed.first?.operationID), fields: ["age"],
            yours: ["age": .integer(50)], theirs: ["age": .integer(51)], byAccount: "carol")
        let conflict = try #require(try await layer.conflicts.recordOverwritten([notice], typeName: "Note").first)
        facts = try await layer.syncState.objectFacts(typeName: "Note", objectIDs: [id])
        #expect(facts[id]?.hasConflict == true && facts[id]?.hasRejectedChange == false)
        try await layer.conflicts.resolve(conflict.id, .keepTheirs)
        facts = try await layer.syncState.objectFacts(typeName: "Note", objectIDs: [id])
        #expect(facts[id]?.hasConflict == false)
    }

    @Test("the owner is the user signed in when the object was saved, with the account name while that user is signed in")
    func ownerAndAccount() async throws {
        let layer = try await layer()
        try await layer.session.save(
            AuthInfo(userID: "u-7", account: "sigrid", groups: [], token: "t", validUntil: Date().addingTimeInterval(3600)))
        let id = try #require(try await layer.store.save(Note(age: 1)).objectId)
        var facts = try await layer.syncState.objectFacts(typeName: "Note", objectIDs: [id])
        #expect(facts[id] == ObjectSyncFacts(ownerUser: "u-7", ownerAccount: "sigrid", hasPendingChange: true))
        try await layer.session.clear()
        facts = try await layer.syncState.objectFacts(typeName: "Note", objectIDs: [id])
        #expect(facts[id]?.ownerUser == "u-7" && facts[id]?.ownerAccount == nil)
        #expect(try await layer.syncState.objectFacts(typeName: "Unknown", objectIDs: [id]).isEmpty)
    }
}
