@testable import StrataServerData
import Testing

/// The stored form of an object's field writers (`writers_json`): written compactly, one entry
/// per writer, and read in both the compact form and the per-field form written before.
@Suite("field writers: stored once per writer, both stored forms read")
struct FieldWritersJSONTests {
    static let alice = FieldWriter(version: 12, userId: "alice", operationId: "op-1")
    static let bob = FieldWriter(version: 15, userId: "bob", operationId: "op-2")

    @Test("a new object's fields, all from one change, store its user and operation id once")
    func oneWriterStoredOnce() {
        let json = FieldWritersJSON.encode(["name": Self.alice, "age": Self.alice, "ward": Self.alice])
        #expect(json == #"[[12,"alice","op-1",["age","name","ward"]]]"#)
    }

    @Test("fields of several writers group by writer, in the order of each writer's first field")
    func severalWriters() {
        let json = FieldWritersJSON.encode(["name": Self.alice, "age": Self.bob, "ward": Self.alice, "done": Self.bob])
        #expect(json == #"[[15,"bob","op-2",["age","done"]],[12,"alice","op-1",["name","ward"]]]"#)
    }

    @Test("what is written reads back the same, and the per-field form written before reads the same writers")
    func bothFormsRead() throws {
        let writers = ["name": Self.alice, "age": Self.bob, "ward": Self.alice, "quote\"d": Self.bob]
        #expect(try FieldWritersJSON.decode(FieldWritersJSON.encode(writers)) == writers)
        let perField = #"{"age":[15,"bob","op-2"],"name":[12,"alice","op-1"],"quote\"d":[15,"bob","op-2"],"ward":[12,"alice","op-1"]}"#
        #expect(try FieldWritersJSON.decode(perField) == writers)
        #expect(try FieldWritersJSON.decode("{}").isEmpty && FieldWritersJSON.decode("").isEmpty)
        #expect(FieldWritersJSON.encode([:]) == "{}")
    }

    @Test("a damaged writers column is an error, not an empty set of writers")
    func damagedIsAnError() {
        #expect(throws: (any Error).self) { try FieldWritersJSON.decode(#"[[12,"alice"]]"#) }
        #expect(throws: (any Error).self) { try FieldWritersJSON.decode(#"{"age":"x"}"#) }
    }
}
