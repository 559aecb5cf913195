import Foundation
@_spi(Testing) import StrataData
import StrataJournal
import StrataStore
import StrataTestSupport
import StrataWire
import Testing

/// `SyncStateStore.preparePulled` seals a pulled page's values off the store's lane, ahead of
/// its write; `applyPulled(_ prepared:)` then writes exactly what `applyPulled(_:typeName:)`
/// writes, deciding in its transaction what it always decided (which objects a local change
/// holds back), and using prepared rows only for the page they were prepared for.
@Suite("Pulled pages prepared ahead of their write: same rows, same rules, only for their own page")
struct PreparedPullTests {
    /// A synced type with an encrypted key (sealed and hashed when pulled) and a plain one.
    struct Chart: ValueObject, Equatable {
        var objectId: String?
        var patient = ""
        var ward = 0
        static let schema = ValueObjectSchema<Chart>(
            "Chart", fields: [.field("patient", \.patient), .field("ward", \.ward)],
            behaviour: ValueObjectBehaviour(persistentType: .localAndServer, encrypted: ["patient"]))
    }

    static func chart(_ id: String, _ patient: String, ward: WireValue = .integer(1), version: Int64) -> WireObject {
        WireObject(
            objectId: id, values: ["patient": .text(patient), "ward": ward], scope: 2, ownerUser: "u9", ownerGroup: "g1",
            deleted: false, version: version)
    }

    static func layer() async throws -> any DataLayer {
        let data = try await DataLayerFactory.live(container: temporaryContainer(), logger: quietLogger)
        try await data.store.register(Chart.self)
        return data
    }

    @Test("a prepared page writes the rows, counts and cursor an unprepared one writes, and its encrypted key stays queryable")
    func preparedPageWritesWhatAnUnpreparedOneWrites() async throws {
        let page = PullResponse(
            objects: [Self.chart("a", "Ada", version: 1), Self.chart("b", "Bo", ward: .text("two"), version: 2), Self.chart("c", "Cy", version: 3)],
            cursor: 3, hasMore: false)
        let (plain, prepared) = (try await Self.layer(), try await Self.layer())
        let expected = try await plain.syncState.applyPulled(page, typeName: "Chart")
        let ready = try await prepared.syncState.preparePulled(page, typeName: "Chart")
        #expect(ready.work != nil, "the SQLite store prepares the page's rows")
        let outcome = try await prepared.syncState.applyPulled(ready)
        #expect(outcome == expected)
        #expect(outcome.written == 2 && outcome.invalid == 1, "the value of the wrong kind is skipped either way")
        for data in [plain, prepared] {
            let rows = try await data.store.query(Query<Chart>()).sorted { $0.objectId! < $1.objectId! }
            #expect(rows.map(\.patient) == ["Ada", "Cy"])
            #expect(try await data.store.query(Query<Chart>().whereKey("patient", .equal, "Cy")).map(\.objectId) == ["c"])
            #expect(try await data.syncState.value(.cursor("Chart")) == "3")
        }
    }

    @Test("rows prepared for one page are not written for another: the page written is the one given")
    func rowsOfAnotherPageAreNotUsed() async throws {
        let data = try await Self.layer()
        let first = PullResponse(objects: [Self.chart("a", "Ada", version: 1)], cursor: 1, hasMore: false)
        let second = PullResponse(objects: [Self.chart("a", "Ada, corrected", version: 2)], cursor: 2, hasMore: false)
        let ready = try await data.syncState.preparePulled(first, typeName: "Chart")
        let outcome = try await data.syncState.applyPulled(PreparedPullPage(page: second, typeName: "Chart", work: ready.work))
        #expect(outcome.written == 1)
        #expect(try await data.store.fetch(Chart.self, id: "a")?.patient == "Ada, corrected")
        #expect(try await data.syncState.value(.cursor("Chart")) == "2")
    }

    @Test("a local edit made after the page was prepared still holds its object back when the page is written")
    func anEditMadeAfterPreparingStillWins() async throws {
        let data = try await Self.layer()
        _ = try await data.syncState.applyPulled(
            PullResponse(objects: [Self.chart("a", "Ada", version: 1)], cursor: 1, hasMore: false), typeName: "Chart")
        let page = PullResponse(objects: [Self.chart("a", "Ada, from the server", version: 2)], cursor: 2, hasMore: false)
        let ready = try await data.syncState.preparePulled(page, typeName: "Chart")
        var mine = try #require(try await data.store.fetch(Chart.self, id: "a"))
        mine.patient = "Ada, edited here"
        _ = try await data.store.save(mine)
        let outcome = try await data.syncState.applyPulled(ready)
        #expect(outcome.keptLocal == 1 && outcome.written == 0)
        #expect(try await data.store.fetch(Chart.self, id: "a")?.patient == "Ada, edited here")
        #expect(try await data.syncState.value(.cursor("Chart")) == "2")
    }
}
