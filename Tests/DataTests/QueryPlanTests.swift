import Foundation
@_spi(Testing) import StrataData
import StrataStore
import StrataTestSupport
import Testing

@Suite("Query plans: a page query reads its compound index, no scan, no sort")
struct QueryPlanTests {
    /// A store on a real file with `WardVisit` registered and rows in it (so SQLite plans as it
    /// would for a grown table; `ANALYZE` is never run by the store).
    func filledStore() async throws -> any ValueObjectStore {
        let store = try await DataLayerFactory.live(container: temporaryContainer(), logger: quietLogger).store
        try await store.register(WardVisit.self)
        _ = try await store.save((0..<500).map { WardVisit(ward: "w\($0 % 4)", age: $0 % 90, patient: "P\($0 % 9)", createdAt: Double($0)) })
        return store
    }

    @Test("where equal + sort descending + page uses the (age, createdAt desc) index")
    func equalityThenDescendingSort() async throws {
        let store = try await filledStore()
        let query = Query<WardVisit>().whereKey("age", .equal, 42).sorted(by: "createdAt", .descending).page(size: 50, index: 3)
        expectIndexed(try await QueryPlan.explain(query, in: store), by: "WardVisit_idx_age_createdAt_desc")
    }

    @Test("where equal + sort ascending + page uses the (ward, createdAt) index; a range on the sort key too")
    func equalityThenAscendingSort() async throws {
        let store = try await filledStore()
        let query = Query<WardVisit>().whereKey("ward", .equal, "w1").sorted(by: "createdAt").page(size: 50, index: 3)
        expectIndexed(try await QueryPlan.explain(query, in: store), by: "WardVisit_idx_ward_createdAt")
        let ranged = query.whereKey("createdAt", .greaterOrEqual, Date(timeIntervalSince1970: 100))
        expectIndexed(try await QueryPlan.explain(ranged, in: store), by: "WardVisit_idx_ward_createdAt")
    }

    @Test("an encrypted key's equality is served by the compound index over its keyed hash")
    func encryptedEqualityThenSort() async throws {
        let store = try await filledStore()
        let query = Query<WardVisit>().whereKey("patient", .equal, "P3").sorted(by: "createdAt").page(size: 20, index: 2)
        let plan = try await QueryPlan.explain(query, in: store)
        expectIndexed(plan, by: "WardVisit_idx__h_patient_createdAt")
        #expect(plan.contains { $0.contains("_h_patient=?") })
    }

    @Test("newest first with an explicit objectId tie-break reads the (createdAt) index backwards")
    func newestFirstReadsBackwards() async throws {
        let store = try await filledStore()
        let query = Query<WardVisit>().sorted(by: "createdAt", .descending).sorted(by: "objectId", .descending).page(size: 50, index: 3)
        expectIndexed(try await QueryPlan.explain(query, in: store), by: "WardVisit_idx_createdAt")
    }

    @Test("without a compound index the same page query sorts every match (what the index fixes)")
    func singleKeyIndexSorts() async throws {
        let store = try await DataLayerFactory.live(container: temporaryContainer(), logger: quietLogger).store
        try await store.register(WardVisitBefore.self)
        let query = Query<WardVisitBefore>().whereKey("ward", .equal, "w1").sorted(by: "createdAt", .descending).page(size: 50, index: 3)
        #expect(try await QueryPlan.explain(query, in: store).contains { $0.contains("TEMP B-TREE") })
    }

    @Test("a mine page sorted by createdAt reads the (owner, createdAt) index: no scan, no sort")
    func minePlan() async throws {
        let data = try await QueryScopeTests.filledLayer()
        try await QueryScopeTests.signIn(data, "alice", groups: ["g1", "g2"])
        let page = Query<QueryScopeTests.Note>().scoped(.mine).sorted(by: "createdAt", .descending).sorted(by: "objectId", .descending).page(size: 20, index: 2)
        let plan = try await QueryPlan.explain(page, in: data.store)
        expectIndexed(plan, by: "Note_idx__ownerUser_createdAt")
        #expect(plan.contains { $0.contains("_ownerUser=?") }, "\(plan)")
        let counted = try await QueryPlan.explain(Query<QueryScopeTests.Note>().scoped(.mine), in: data.store, counting: true)
        expectIndexed(counted, by: "Note_idx__ownerUser_createdAt")
    }
}
