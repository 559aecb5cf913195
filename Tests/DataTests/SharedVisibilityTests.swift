import Foundation
import StrataCrossCutting
import StrataData
import StrataDataTesting
import StrataJournal
import StrataStore
import StrataWire
import Testing

/// A clinic, synced, seen by its group.
private struct Clinic: ValueObject, Equatable {
    var objectId: String?
    var name = ""
    init() {}
    init(name: String) { self.name = name }
    static let schema = ValueObjectSchema<Clinic>(
        "Clinic", fields: [.field("name", \.name)],
        behaviour: ValueObjectBehaviour(
            persistentType: .localAndServer, autoRefresh: AutoRefresh(interval: 600, scope: .group), scope: .group))
}

/// An appointment at a clinic: behaves like its clinic and is seen by whoever sees it. Its
/// name sorts before its parent's, so only the dependency puts it after the clinic.
private struct Appointment: ValueObject, Equatable {
    var objectId: String?
    var clinicID = ""
    var note = ""
    init() {}
    init(clinicID: String, note: String) {
        self.clinicID = clinicID
        self.note = note
    }
    static let schema = ValueObjectSchema<Appointment>(
        "Appointment", fields: [.field("clinicID", \.clinicID), .field("note", \.note)],
        behaviour: ValueObjectBehaviour(following: Clinic.schema.behaviour),
        dependsOn: [ValueObjectDependency("clinicID", on: "Clinic", sharesVisibility: true)])
}

/// A schema that shares two parents' visibility.
private struct TwoParents: ValueObject {
    var objectId: String?
    var clinicID = ""
    var otherID = ""
    init() {}
    static let schema = ValueObjectSchema<TwoParents>(
        "TwoParents", fields: [.field("clinicID", \.clinicID), .field("otherID", \.otherID)],
        behaviour: ValueObjectBehaviour(persistentType: .localAndServer),
        dependsOn: [
            ValueObjectDependency("clinicID", on: "Clinic", sharesVisibility: true),
            ValueObjectDependency("otherID", on: "Appointment", sharesVisibility: true),
        ])
}

@Suite("Shared visibility: a dependent saved with its parent's scope and owner group, pulled after it")
struct SharedVisibilityTests {
    func layer() async throws -> any DataLayer {
        let layer = try await DataLayerFactory.live(container: temporaryContainer(), logger: quietLogger, clock: TestClock())
        try await layer.store.register(Clinic.self)
        try await layer.store.register(Appointment.self)
        return layer
    }

    @Test("a behaviour following a parent's takes its persistent type, auto refresh, lifespan and scope, not its encrypted keys")
    func followingBehaviour() {
        let parent = ValueObjectBehaviour(
            persistentType: .localAndServer, autoRefresh: AutoRefresh(interval: 1800, scope: .group), lifespan: 60,
            scope: .user, encrypted: ["name"])
        let following = ValueObjectBehaviour(following: parent, encrypted: ["note"])
        #expect(
            following
                == ValueObjectBehaviour(
                    persistentType: .localAndServer, autoRefresh: AutoRefresh(interval: 1800, scope: .group), lifespan: 60,
                    scope: .user, encrypted: ["note"]))
    }

    @Test("an appointment of a pulled clinic of another scope and group goes to the server with the clinic's scope and owner group")
    func savedWithParentsVisibility() async throws {
        let layer = try await layer()
        let clinic = WireObject(
            objectId: "c-1", values: ["name": .text("north")], scope: 3, ownerUser: "u2", ownerGroup: "g9", deleted: false,
            version: 4)
        _ = try await layer.syncState.applyPulled(PullResponse(objects: [clinic], cursor: 4, hasMore: false), typeName: "Clinic")
        let saved = try await layer.store.save(Appointment(clinicID: "c-1", note: "9:00"))
        let orphan = try await layer.store.save(Appointment(clinicID: "c-missing", note: "10:00"))

        let changes = try await layer.journal.changes(in: [.pending], limit: nil)
        let shared = try #require(changes.first { $0.objectID == saved.objectId })
        #expect(shared.scope == .all)
        #expect(shared.ownerGroup == "g9")
        // A clinic not stored here: the type's own scope and the signed-in owner (none here).
        let alone = try #require(changes.first { $0.objectID == orphan.objectId })
        #expect(alone.scope == .group)
        #expect(alone.ownerGroup == nil)
    }

    @Test("a sync pulls parents before their dependents, whatever their names")
    func parentsPulledFirst() async throws {
        let layer = try await layer()
        #expect(try await layer.syncState.syncedTypes().map(\.name) == ["Clinic", "Appointment"])
    }

    @Test("a type sharing two parents' visibility is refused at registration, naming both")
    func twoSharedParentsRefused() async throws {
        let layer = try await layer()
        let error = await #expect(throws: DataError.self) { try await layer.store.register(TwoParents.self) }
        #expect(error?.code == .invalidSchema)
        #expect(error?.message == "TwoParents: 2 parents share their visibility (Clinic, Appointment); expected at most one")
    }
}
