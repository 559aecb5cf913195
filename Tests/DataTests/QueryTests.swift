import Foundation
import StrataStore
import Testing

@Suite("SQLite value-object store: queries")
struct QueryTests {
    /// Ten samples: name "n0"…"n9", count 0…9, flag on even counts, note only on multiples of 3.
    func seeded() async throws -> any ValueObjectStore {
        let store = try await makeStore()
        _ = try await store.save((0..<10).map {
            Sample(name: "n\($0)", count: $0, score: Double($0) / 2, flag: $0 % 2 == 0, note: $0 % 3 == 0 ? "third" : nil)
        })
        return store
    }

    @Test(
        "each comparison selects the right objects",
        arguments: [
            (Comparison.equal, 4, [4]),
            (.notEqual, 4, [0, 1, 2, 3, 5, 6, 7, 8, 9]),
            (.greater, 7, [8, 9]),
            (.greaterOrEqual, 7, [7, 8, 9]),
            (.less, 2, [0, 1]),
            (.lessOrEqual, 2, [0, 1, 2]),
        ])
    func comparisons(comparison: Comparison, value: Int, expected: [Int]) async throws {
        let store = try await seeded()
        let found = try await store.query(Query<Sample>().whereKey("count", comparison, value).sorted(by: "count"))
        #expect(found.map(\.count) == expected)
        #expect(try await store.count(Query<Sample>().whereKey("count", comparison, value)) == expected.count)
    }

    @Test("like matches with % and _, ignoring ASCII case")
    func like() async throws {
        let store = try await seeded()
        #expect(try await store.query(Query<Sample>().whereKey("name", .like, "N1%")).map(\.count) == [1])
        #expect(try await store.count(Query<Sample>().whereKey("name", .like, "n_")) == 10)
    }

    @Test("conditions combine with AND; null tests use equal and notEqual")
    func conditionsCombine() async throws {
        let store = try await seeded()
        let query = Query<Sample>().whereKey("flag", .equal, true).whereKey("note", .notEqual, String?.none)
        #expect(try await store.query(query.sorted(by: "count")).map(\.count) == [0, 6])
        #expect(try await store.count(Query<Sample>().whereKey("note", .equal, String?.none)) == 6)
        #expect(try await store.count(Query<Sample>().whereKey("score", .greater, 2)) == 5)
    }

    @Test("sorting by a key, descending, with pages counted from 1")
    func sortingAndPaging() async throws {
        let store = try await seeded()
        let base = Query<Sample>().sorted(by: "count", .descending)
        #expect(try await store.query(base.page(size: 3, index: 1)).map(\.count) == [9, 8, 7])
        #expect(try await store.query(base.page(size: 3, index: 2)).map(\.count) == [6, 5, 4])
        #expect(try await store.query(base.page(size: 3, index: 4)).map(\.count) == [0])
        #expect(try await store.query(base.page(size: 3, index: 5)).isEmpty)
        #expect(try await store.query(base.limit(2)).map(\.count) == [9, 8])
        #expect(try await store.count(base.page(size: 3, index: 2)) == 10)
    }

    @Test("an unknown key is a clear error naming the key and the type's keys")
    func unknownKey() async throws {
        let store = try await seeded()
        let error = try await #require(throws: DataError.self) {
            try await store.query(Query<Sample>().whereKey("name\"; DROP TABLE Sample; --", .equal, "x"))
        }
        #expect(error.code == .unknownKey)
        #expect(error.message.contains("Sample has no key"))
        #expect(error.message.contains("expected one of: objectId, name, count"))
        #expect(try await store.count(Query<Sample>()) == 10)
        let sortError = try await #require(throws: DataError.self) { try await store.query(Query<Sample>().sorted(by: "nope")) }
        #expect(sortError.code == .unknownKey)
    }

    @Test("a value of the wrong type, like on a number, and bad paging are refused")
    func invalidQueries() async throws {
        let store = try await seeded()
        let mismatch = try await #require(throws: DataError.self) {
            try await store.query(Query<Sample>().whereKey("count", .equal, "four"))
        }
        #expect(mismatch.code == .typeMismatch)
        #expect(mismatch.message.contains("Sample.count is integer"))
        let like = try await #require(throws: DataError.self) { try await store.query(Query<Sample>().whereKey("count", .like, "4%")) }
        #expect(like.code == .invalidQuery)
        let page = try await #require(throws: DataError.self) { try await store.query(Query<Sample>().page(size: 5, index: 0)) }
        #expect(page.code == .invalidQuery)
        await #expect(throws: DataError.self) { try await store.query(Query<Sample>().page(size: .max, index: 3)) }
        var noSize = Query<Sample>()
        noSize.pageIndex = 2
        await #expect(throws: DataError.self) { try await store.query(noSize) }
        let nullOrder = try await #require(throws: DataError.self) {
            try await store.query(Query<Sample>().whereKey("note", .greater, String?.none))
        }
        #expect(nullOrder.code == .invalidQuery)
    }

    @Test("objectId can be queried like a text key")
    func objectIDIsQueryable() async throws {
        let store = try await seeded()
        let first = try #require(try await store.query(Query<Sample>().limit(1)).first)
        #expect(try await store.query(Query<Sample>().whereKey("objectId", .equal, first.objectId)).count == 1)
    }
}
