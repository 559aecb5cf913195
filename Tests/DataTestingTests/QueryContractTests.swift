import StrataData
import Testing

/// Query evaluation: the in-memory double must answer exactly as SQLite does.
@Suite("in-memory double and SQLite store: the same query answers")
struct QueryContractTests {
    /// Saves `items` in order and returns them with their ids.
    private func seed(_ store: any ValueObjectStore, _ items: [Item]) throws -> [Item] {
        try items.map { try store.save($0) }
    }

    /// The names `query` returns, in order.
    private func names(_ store: any ValueObjectStore, _ query: Query<Item>) throws -> [String] {
        try store.query(query).map(\.name)
    }

    @Test("conditions are ANDed and each comparison works on integers", arguments: StoreKind.allCases)
    func comparisons(kind: StoreKind) throws {
        try kind.withStore { store in
            _ = try seed(store, (1...5).map { Item("i\($0)", rank: $0) })
            let byName = Query<Item>().sorted(by: "name")
            #expect(try names(store, byName.whereKey("rank", .equal, 3)) == ["i3"])
            #expect(try names(store, byName.whereKey("rank", .notEqual, 3)) == ["i1", "i2", "i4", "i5"])
            #expect(try names(store, byName.whereKey("rank", .greater, 3)) == ["i4", "i5"])
            #expect(try names(store, byName.whereKey("rank", .greaterOrEqual, 3)) == ["i3", "i4", "i5"])
            #expect(try names(store, byName.whereKey("rank", .less, 3)) == ["i1", "i2"])
            #expect(try names(store, byName.whereKey("rank", .lessOrEqual, 3)) == ["i1", "i2", "i3"])
            let between = byName.whereKey("rank", .greater, 1).whereKey("rank", .less, 4)
            #expect(try names(store, between) == ["i2", "i3"])
        }
    }

    @Test("integers and reals compare numerically", arguments: StoreKind.allCases)
    func numericComparison(kind: StoreKind) throws {
        try kind.withStore { store in
            _ = try seed(store, [Item("a", rank: 2, score: 2), Item("b", rank: 3, score: 2.5)])
            #expect(try names(store, Query<Item>().whereKey("rank", .less, 2.5)) == ["a"])
            #expect(try names(store, Query<Item>().whereKey("score", .equal, 2)) == ["a"])
            #expect(try names(store, Query<Item>().whereKey("score", .greater, 2)) == ["b"])
        }
    }

    @Test("null matches only equal/notEqual nil; other comparisons skip stored nulls", arguments: StoreKind.allCases)
    func nullSemantics(kind: StoreKind) throws {
        try kind.withStore { store in
            _ = try seed(store, [Item("none"), Item("x", note: "x"), Item("y", note: "y")])
            let byName = Query<Item>().sorted(by: "name")
            #expect(try names(store, byName.whereKey("note", .equal, String?.none)) == ["none"])
            #expect(try names(store, byName.whereKey("note", .notEqual, String?.none)) == ["x", "y"])
            #expect(try names(store, byName.whereKey("note", .notEqual, "x")) == ["y"])
            #expect(try names(store, byName.whereKey("note", .less, "z")) == ["x", "y"])
            #expect(try names(store, byName.whereKey("note", .like, "%")) == ["x", "y"])
        }
    }

    @Test("text compares by UTF-8 bytes: upper case before lower case before accents", arguments: StoreKind.allCases)
    func textOrderIsBinary(kind: StoreKind) throws {
        try kind.withStore { store in
            _ = try seed(store, ["é", "b", "a", "B", "ab", "A"].map { Item($0) })
            #expect(try names(store, Query<Item>().sorted(by: "name")) == ["A", "B", "a", "ab", "b", "é"])
            #expect(try names(store, Query<Item>().whereKey("name", .greater, "a").sorted(by: "name")) == ["ab", "b", "é"])
            #expect(try names(store, Query<Item>().whereKey("name", .equal, "a")) == ["a"])
        }
    }

    @Test("like: % any run, _ one character, ASCII letters in any case, other letters exactly", arguments: StoreKind.allCases)
    func likeSemantics(kind: StoreKind) throws {
        try kind.withStore { store in
            _ = try seed(store, ["Tanaka", "tanabe", "Sato", "Élodie", "élan", "50%", "a_b", "aXb"].map { Item($0) })
            func like(_ pattern: String) throws -> [String] {
                try names(store, Query<Item>().whereKey("name", .like, pattern).sorted(by: "name"))
            }
            #expect(try like("tana%") == ["Tanaka", "tanabe"])
            #expect(try like("%A%") == ["Sato", "Tanaka", "aXb", "a_b", "tanabe", "élan"])
            #expect(try like("sat_") == ["Sato"])
            #expect(try like("_lan") == ["élan"])
            #expect(try like("é%") == ["élan"])
            #expect(try like("a_b") == ["aXb", "a_b"])
            #expect(try like("%%") == ["50%", "Sato", "Tanaka", "aXb", "a_b", "tanabe", "Élodie", "élan"])
            #expect(try like("sato") == ["Sato"])
            #expect(try like("sat").isEmpty)
            #expect(try like("").isEmpty)
        }
    }

    @Test("sort keys apply in order, ties go by objectId, nulls first ascending", arguments: StoreKind.allCases)
    func sortingAndTieBreak(kind: StoreKind) throws {
        try kind.withStore { store in
            let saved = try seed(
                store,
                [Item("a", rank: 2, note: "m"), Item("b", rank: 1), Item("c", rank: 2, note: "k"), Item("d", rank: 1, note: "z")])
            let byId = saved.sorted { ($0.objectId ?? "") < ($1.objectId ?? "") }.map(\.name)
            #expect(try names(store, Query<Item>()) == byId)
            let ranked = try names(store, Query<Item>().sorted(by: "rank", .descending))
            #expect(Set(ranked.prefix(2)) == ["a", "c"])
            #expect(ranked.prefix(2) == byId.filter { ["a", "c"].contains($0) }[...])
            #expect(try names(store, Query<Item>().sorted(by: "rank").sorted(by: "note", .descending)) == ["d", "b", "a", "c"])
            #expect(try names(store, Query<Item>().sorted(by: "note")) == ["b", "c", "a", "d"])
            #expect(try names(store, Query<Item>().sorted(by: "note", .descending)) == ["d", "a", "c", "b"])
            let byObjectId = try store.query(Query<Item>().sorted(by: "objectId", .descending)).map(\.name)
            #expect(byObjectId == byId.reversed())
        }
    }

    @Test("paging: maxResults per page, page index from 1; count ignores paging", arguments: StoreKind.allCases)
    func paging(kind: StoreKind) throws {
        try kind.withStore { store in
            _ = try seed(store, (1...7).map { Item("i\($0)", rank: $0) })
            let query = Query<Item>().sorted(by: "rank")
            #expect(try names(store, query.limit(3)) == ["i1", "i2", "i3"])
            #expect(try names(store, query.page(size: 3, index: 2)) == ["i4", "i5", "i6"])
            #expect(try names(store, query.page(size: 3, index: 3)) == ["i7"])
            #expect(try names(store, query.page(size: 3, index: 4)).isEmpty)
            #expect(try store.count(query.whereKey("rank", .greater, 2).page(size: 2, index: 2)) == 5)
        }
    }

    @Test("objectId can be filtered on like any text key", arguments: StoreKind.allCases)
    func objectIdIsAKey(kind: StoreKind) throws {
        try kind.withStore { store in
            let saved = try seed(store, [Item("a"), Item("b")])
            let id = try #require(saved[1].objectId)
            #expect(try names(store, Query<Item>().whereKey("objectId", .equal, id)) == ["b"])
            #expect(try names(store, Query<Item>().whereKey("objectId", .notEqual, id)) == ["a"])
        }
    }

    @Test("blobs and booleans compare as stored", arguments: StoreKind.allCases)
    func blobsAndBooleans(kind: StoreKind) throws {
        try kind.withStore { store in
            var flagged = Item("flagged", bytes: [1, 2])
            flagged.flag = true
            _ = try seed(store, [flagged, Item("plain", bytes: [1]), Item("big", bytes: [2])])
            #expect(try names(store, Query<Item>().whereKey("flag", .equal, true)) == ["flagged"])
            #expect(try names(store, Query<Item>().sorted(by: "bytes")) == ["plain", "flagged", "big"])
            #expect(try names(store, Query<Item>().whereKey("bytes", .greater, [UInt8]([1, 5]))) == ["big"])
        }
    }

    @Test("a bad query is a clear error before any data is read", arguments: StoreKind.allCases)
    func badQueriesAreClearErrors(kind: StoreKind) throws {
        try kind.withStore { store in
            let unknown = dataError { try store.query(Query<Item>().whereKey("colour", .equal, "red")) }
            #expect(unknown?.code == .unknownKey)
            #expect(unknown?.message.contains("colour") == true)
            #expect(dataError { try store.query(Query<Item>().whereKey("rank", .like, "1%")) }?.code == .invalidQuery)
            #expect(dataError { try store.query(Query<Item>().whereKey("rank", .equal, "one")) }?.code == .typeMismatch)
            #expect(dataError { try store.count(Query<Item>().sorted(by: "nope")) }?.code == .unknownKey)
            var noSize = Query<Item>()
            noSize.pageIndex = 2
            #expect(dataError { try store.query(noSize) }?.code == .invalidQuery)
        }
    }
}
