import Foundation
import StrataCrossCutting
import StrataData
import StrataStore
import Testing

/// A record whose fields cover each kind of value a row holds.
private struct ClinicVisit: ValueObject, Equatable {
    var objectId: String?
    var patient = ""
    var age = 0
    var weight: Double?
    var seen = false
    var note: String?
    init() {}
    init(patient: String, age: Int, weight: Double?, seen: Bool, note: String?) {
        (self.patient, self.age, self.weight, self.seen, self.note) = (patient, age, weight, seen, note)
    }
    static let schema = ValueObjectSchema<ClinicVisit>(
        "Visit",
        fields: [.field("patient", \.patient), .field("age", \.age), .field("weight", \.weight), .field("seen", \.seen), .field("note", \.note)],
        indexed: ["age"], behaviour: ValueObjectBehaviour(persistentType: .localOnly))
}

/// How the store turns a row into an object, field by field through the schema.
@Suite("reading rows into objects")
struct RowReadingTests {
    private let container = temporaryContainer()

    @Test("fetch and a page query give back every field as saved, nil and empty values included")
    func everyFieldRoundTrips() async throws {
        let store = try await DataLayerFactory.live(container: container, logger: quietLogger).store
        try await store.register(ClinicVisit.self)
        let visits = [
            ClinicVisit(patient: "Aiko", age: 41, weight: 52.5, seen: true, note: "fine"),
            ClinicVisit(patient: "", age: 0, weight: nil, seen: false, note: nil),
        ]
        let saved = try await store.save(visits)
        for visit in saved {
            #expect(try await store.fetch(ClinicVisit.self, id: try #require(visit.objectId)) == visit)
        }
        let page = try await store.query(Query<ClinicVisit>().sorted(by: "age", .descending).page(size: 10, index: 1))
        #expect(page == saved.sorted { $0.age > $1.age })
    }

    @Test("a stored value of the wrong type is refused naming the object, the field, the value and the type")
    func wrongTypeNamesTheField() async throws {
        let store = try await DataLayerFactory.live(container: container, logger: quietLogger).store
        try await store.register(ClinicVisit.self)
        let saved = try await store.save(ClinicVisit(patient: "Ken", age: 7, weight: nil, seen: false, note: nil))
        let id = try #require(saved.objectId)
        try SQLiteInspector(container.storeURL).execute(#"UPDATE "Visit" SET "seen" = 'maybe' WHERE "objectId" = '\#(id)'"#)
        let error = await #expect(throws: DataError.self) { try await store.fetch(ClinicVisit.self, id: id) }
        #expect(error?.code == .typeMismatch)
        #expect(error?.message == "Visit '\(id)': stored seen is 'maybe', which is not a bool (and the key is not optional)", "\(String(describing: error))")
    }
}
