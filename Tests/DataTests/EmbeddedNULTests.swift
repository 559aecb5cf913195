import Foundation
import StrataData
import StrataStore
import Testing

/// Text holding a NUL character is stored, compared and read back whole: SQLite gets every
/// string with its full UTF-8 byte count, never as a C string cut at the first NUL.
@Suite("SQLite store: text with embedded NUL characters")
struct EmbeddedNULTests {
    @Test("a value with a NUL in the middle round-trips intact, in plain and in encrypted keys")
    func nulInValueRoundTrips() async throws {
        let store = try await makeStore()
        let saved = try await store.save(Sample(name: "X\u{0}other", count: 1, note: "a\u{0}\u{0}b\u{0}"))
        let savedID = try #require(saved.objectId)
        let fetched = try #require(try await store.fetch(Sample.self, id: savedID))
        #expect(fetched.name == "X\u{0}other")
        #expect(fetched.name.utf8.count == 7)
        #expect(fetched.note == "a\u{0}\u{0}b\u{0}")

        let container = temporaryContainer()
        let sealed = try await DataLayerFactory.live(container: container, logger: quietLogger).store
        try await sealed.register(Patient.self)
        let patient = try await sealed.save(Patient(name: "X\u{0}other", age: 1, nickname: "n\u{0}"))
        let patientID = try #require(patient.objectId)
        let read = try #require(try await sealed.fetch(Patient.self, id: patientID))
        #expect(read.name == "X\u{0}other")
        #expect(read.nickname == "n\u{0}")
    }

    @Test("values that differ only after a NUL stay distinct in equality queries, plain and encrypted")
    func valuesDifferingAfterNULDoNotCollide() async throws {
        let store = try await makeStore()
        _ = try await store.save(Sample(name: "X\u{0}one", count: 1))
        _ = try await store.save(Sample(name: "X\u{0}two", count: 2))
        _ = try await store.save(Sample(name: "X", count: 3))
        #expect(try await store.query(Query<Sample>().whereKey("name", .equal, "X\u{0}two")).map(\.count) == [2])
        #expect(try await store.query(Query<Sample>().whereKey("name", .equal, "X")).map(\.count) == [3])
        #expect(try await store.count(Query<Sample>().whereKey("name", .equal, "X\u{0}")) == 0)

        let container = temporaryContainer()
        let sealed = try await DataLayerFactory.live(container: container, logger: quietLogger).store
        try await sealed.register(Patient.self)
        _ = try await sealed.save(Patient(name: "X\u{0}one", age: 1))
        _ = try await sealed.save(Patient(name: "X\u{0}two", age: 2))
        #expect(try await sealed.query(Query<Patient>().whereKey("name", .equal, "X\u{0}two")).map(\.age) == [2])
    }

    @Test("an id that differs from a stored one only after a NUL names no stored object")
    func idsDifferingAfterNULDoNotCollide() async throws {
        let store = try await makeStore()
        let saved = try await store.save(Sample(name: "a", count: 1))
        let id = try #require(saved.objectId)
        #expect(try await store.fetch(Sample.self, id: id + "\u{0}other") == nil)
        var ghost = saved
        ghost.objectId = id + "\u{0}other"
        ghost.count = 99
        await #expect(throws: DataError.self) { try await store.save(ghost) }
        #expect(try await store.delete(ghost) == false)
        #expect(try await store.fetch(Sample.self, id: id)?.count == 1)
    }
}
