import Foundation
import StrataCrossCutting
@_spi(Testing) import StrataData
import StrataStore
import Testing

@Suite("Compound indexes: declared per type, created, migrated, validated")
struct CompoundIndexTests {
    @Test("registering creates each compound index, named from its columns, ending with objectId")
    func registerCreatesCompoundIndexes() async throws {
        let container = temporaryContainer()
        let store = try await DataLayerFactory.live(container: container, logger: quietLogger).store
        try await store.register(WardVisit.self)
        let inspector = SQLiteInspector(container.storeURL)
        let names = Set(try inspector.rows("SELECT name FROM pragma_index_list('WardVisit')").map { $0[0] })
        #expect(
            names.isSuperset(of: [
                "WardVisit_idx_age_createdAt_desc", "WardVisit_idx_ward_createdAt", "WardVisit_idx__h_patient_createdAt",
                "WardVisit_idx_createdAt", "WardVisit_by_ward", "WardVisit_by_createdAt",
            ]))
        let columns = try inspector.rows("SELECT name, desc FROM pragma_index_xinfo('WardVisit_idx_age_createdAt_desc') WHERE key = 1")
        #expect(columns == [["age", "0"], ["createdAt", "1"], ["objectId", "0"]])
        // The encrypted key is indexed through its keyed hash, never its sealed value.
        let sealed = try inspector.rows("SELECT name FROM pragma_index_xinfo('WardVisit_idx__h_patient_createdAt') WHERE key = 1")
        #expect(sealed.map { $0[0] } == ["_h_patient", "createdAt", "objectId"])
    }

    @Test("declaring a compound index on an existing store creates it; no longer declaring it drops it")
    func compoundIndexesMigrate() async throws {
        let container = temporaryContainer()
        let before = try await DataLayerFactory.live(container: container, logger: quietLogger).store
        try await before.register(WardVisitBefore.self)
        var old = WardVisitBefore()
        old.visit = WardVisit(ward: "east", age: 40, patient: "Yamada", createdAt: 1_000)
        _ = try await before.save(old)
        let inspector = SQLiteInspector(container.storeURL)
        func compound() throws -> Set<String> {
            Set(try inspector.rows("SELECT name FROM pragma_index_list('WardVisit') WHERE name LIKE 'WardVisit\\_idx\\_%' ESCAPE '\\'").map { $0[0] })
        }
        #expect(try compound().isEmpty)

        let now = try await DataLayerFactory.live(container: container, logger: quietLogger).store
        try await now.register(WardVisit.self)
        #expect(
            try compound() == [
                "WardVisit_idx_age_createdAt_desc", "WardVisit_idx_ward_createdAt", "WardVisit_idx__h_patient_createdAt", "WardVisit_idx_createdAt",
            ])
        #expect(try await now.query(Query<WardVisit>().whereKey("patient", .equal, "Yamada")).map(\.age) == [40])

        let after = try await DataLayerFactory.live(container: container, logger: quietLogger).store
        try await after.register(WardVisitAfter.self)
        #expect(try compound() == ["WardVisit_idx_ward_createdAt", "WardVisit_idx_ward_age"])
        let names = Set(try inspector.rows("SELECT name FROM pragma_index_list('WardVisit')").map { $0[0] })
        #expect(names.isSuperset(of: ["WardVisit_by_ward", "WardVisit_by_createdAt"]), "single-key indexes are left alone")
        #expect(try await after.count(Query<WardVisitAfter>()) == 1)
    }

    @Test("bad compound indexes are refused naming the type and the key", arguments: [
        ([CompoundIndex([])], "WardVisit: a compound index lists no keys"),
        ([CompoundIndex("ward", "height")], "WardVisit: compound index (ward, height) key 'height' is not a field"),
        ([CompoundIndex("ward", "ward")], "WardVisit: compound index (ward, ward) lists key 'ward' twice"),
        ([CompoundIndex("ward", "objectId")], "WardVisit: compound index (ward, objectId) lists 'objectId'"),
        ([CompoundIndex(.descending("patient"))], "WardVisit: compound index (patient desc) sorts encrypted key 'patient' descending"),
        ([CompoundIndex("ward"), CompoundIndex("ward")], "WardVisit: compound index (ward) is declared twice"),
    ])
    func badCompoundIndexes(indexes: [CompoundIndex], message: String) throws {
        let error = try #require(throws: DataError.self) { try wardVisitSchema(indexes).validate() }
        #expect(error.code == .invalidSchema)
        #expect(error.message.hasPrefix(message), "\(error.message)")
    }

    @Test("a page query through a compound index returns what sorting every match would")
    func pagesMatchTheFullSort() async throws {
        let store = try await DataLayerFactory.live(container: temporaryContainer(), logger: quietLogger).store
        try await store.register(WardVisit.self)
        let visits = (0..<600).map { WardVisit(ward: ["east", "west"][$0 % 2], age: $0 % 7, patient: "P\($0 % 5)", createdAt: Double($0 % 90)) }
        let saved = try await store.save(visits)
        let matches = saved.filter { $0.age == 3 }.sorted {
            ($0.createdAt, $1.objectId!) > ($1.createdAt, $0.objectId!)
        }
        let page = try await store.query(
            Query<WardVisit>().whereKey("age", .equal, 3).sorted(by: "createdAt", .descending).page(size: 20, index: 3))
        #expect(page == Array(matches[40..<60]))
        let newest = saved.sorted { ($0.createdAt, $0.objectId!) > ($1.createdAt, $1.objectId!) }
        let newestPage = try await store.query(
            Query<WardVisit>().sorted(by: "createdAt", .descending).sorted(by: "objectId", .descending).page(size: 50, index: 3))
        #expect(newestPage == Array(newest[100..<150]))
    }
}
