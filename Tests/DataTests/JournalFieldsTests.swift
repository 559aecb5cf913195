import Foundation
import StrataCrossCutting
import StrataData
import StrataDataTesting
import StrataJournal
import StrataStore
import StrataTestSupport
import Testing

/// A synced type with an encrypted key and a real, to compare old and new values of each kind.
struct FieldChart: ValueObject, Equatable {
    var objectId: String?
    var note = ""
    var rank = 0
    var weight = 0.0
    init() {}
    init(note: String, rank: Int = 0, weight: Double = 0) {
        self.note = note
        self.rank = rank
        self.weight = weight
    }
    static let schema = ValueObjectSchema<FieldChart>(
        "FieldChart", fields: [.field("note", \.note), .field("rank", \.rank), .field("weight", \.weight)],
        behaviour: ValueObjectBehaviour(persistentType: .localAndServer, lifespan: 3600, scope: .user, encrypted: ["note"]))
}

/// An update's journal entry names the fields it changed (`Change.fields`), compared with the
/// stored row, so the server replaces only those; unsent updates fold into one naming them all.
@Suite("the journal records which fields an update changed")
struct JournalFieldsTests {
    func layer() async throws -> any DataLayer {
        let layer = try await DataLayerFactory.live(container: temporaryContainer(), logger: quietLogger, clock: TestClock())
        try await layer.store.register(FieldChart.self)
        try await layer.store.register(Remote.self)
        return layer
    }

    /// Saves `chart` and has the server acknowledge every change, so later edits are updates.
    func synced(_ chart: FieldChart, in layer: any DataLayer) async throws -> FieldChart {
        let saved = try await layer.store.save(chart)
        try await layer.journal.acknowledge(operationIDs: try await layer.journal.claim(limit: 100).map(\.operationID))
        return saved
    }

    @Test("an update lists only the fields that differ from the stored row (an encrypted one too), and still carries every value")
    func updateListsChangedFields() async throws {
        let layer = try await layer()
        var chart = try await synced(FieldChart(note: "first", rank: 1, weight: 2.5), in: layer)
        chart.rank = 2
        chart = try await layer.store.save(chart)
        var pending = try await layer.journal.changes(in: [.pending], limit: nil)
        #expect(pending.map(\.operation) == [.update])
        #expect(pending.first?.fields == ["rank"])
        #expect(pending.first?.values == ["note": .text("first"), "rank": .integer(2), "weight": .real(2.5)])

        try await layer.journal.acknowledge(operationIDs: try await layer.journal.claim(limit: 10).map(\.operationID))
        chart.note = "second"
        chart = try await layer.store.save(chart)
        pending = try await layer.journal.changes(in: [.pending], limit: nil)
        #expect(pending.first?.fields == ["note"], "the encrypted key is compared opened")

        try await layer.journal.acknowledge(operationIDs: try await layer.journal.claim(limit: 10).map(\.operationID))
        _ = try await layer.store.save(chart)
        pending = try await layer.journal.changes(in: [.pending], limit: nil)
        #expect(pending.map(\.operation) == [.update] && pending.first?.fields == [], "a save that changes nothing names no field")
    }

    @Test(
        "seeded edits of random field sets, repeated and interleaved over several objects, each store exactly what was saved and list exactly the fields that changed",
        arguments: [UInt64(29), 4_096, 77_777])
    func randomEditsStoreWhatWasSaved(seed: UInt64) async throws {
        // Each edit's `UPDATE` sets only the changed columns, and the store keeps one per set of
        // changed fields: a set met again must bind the same columns, and a new one its own.
        var random = SplitMix64(seed: seed)
        let layer = try await layer()
        var model: [FieldChart] = []
        for index in 0..<4 { model.append(try await synced(FieldChart(note: "n\(index)", rank: index, weight: Double(index)), in: layer)) }
        for step in 0..<60 {
            let which = random.below(model.count)
            var chart = model[which]
            var expected: [String] = []
            if random.chance(50) { chart.note = "note \(step)"; expected.append("note") }
            if random.chance(50) { chart.rank = 1_000 + step; expected.append("rank") }
            if random.chance(50) { chart.weight = 1_000 + Double(step) / 4; expected.append("weight") }
            model[which] = try await layer.store.save(chart)
            let pending = try await layer.journal.changes(in: [.pending], limit: nil)
            #expect(pending.map(\.fields) == [expected], "seed \(seed), step \(step)")
            try await layer.journal.acknowledge(operationIDs: try await layer.journal.claim(limit: 10).map(\.operationID))
            for stored in model {
                #expect(try await layer.store.fetch(FieldChart.self, id: stored.objectId!) == stored, "seed \(seed), step \(step)")
            }
        }
    }

    @Test("two unsent updates fold into one update naming the fields of both; an insert stays whole")
    func foldingUnionsTheFields() async throws {
        let layer = try await layer()
        var chart = try await synced(FieldChart(note: "n", rank: 1, weight: 1), in: layer)
        chart.weight = 3.5
        chart = try await layer.store.save(chart)
        chart.note = "edited"
        chart.weight = 4.5
        chart = try await layer.store.save(chart)
        let pending = try await layer.journal.changes(in: [.pending], limit: nil)
        #expect(pending.count == 1)
        #expect(pending.first?.fields == ["weight", "note"])
        #expect(pending.first?.values["weight"] == .real(4.5) && pending.first?.values["note"] == .text("edited"))

        var fresh = try await layer.store.save(FieldChart(note: "new"))
        fresh.rank = 9
        _ = try await layer.store.save(fresh)
        let insert = try await layer.journal.changes(in: [.pending], limit: nil).first { $0.objectID == fresh.objectId }
        #expect(insert?.operation == .insert && insert?.fields == nil, "an insert sends the whole object")

        _ = try await layer.store.delete(chart)
        let delete = try await layer.journal.changes(in: [.pending], limit: nil).first { $0.objectID == chart.objectId }
        #expect(delete?.operation == .delete && delete?.fields == nil)
    }

    @Test("an edit made while the previous one is in flight names only its own fields")
    func editBehindAChangeInFlight() async throws {
        let layer = try await layer()
        var chart = try await synced(FieldChart(note: "n", rank: 1), in: layer)
        chart.rank = 2
        chart = try await layer.store.save(chart)
        let claimed = try await layer.journal.claim(limit: 10)
        chart.note = "later"
        _ = try await layer.store.save(chart)
        let all = try await layer.journal.changes(in: [.pending, .inFlight], limit: nil)
        #expect(all.map(\.fields) == [["rank"], ["note"]])
        #expect(claimed.map(\.fields) == [["rank"]])
    }

    @Test("retrying a refused update folds the edits made since, naming the fields of all of them")
    func retryUnionsTheFields() async throws {
        let layer = try await layer()
        var chart = try await synced(FieldChart(note: "n", rank: 1), in: layer)
        chart.rank = 5
        chart = try await layer.store.save(chart)
        let refused = try #require(try await layer.journal.claim(limit: 10).first)
        try await layer.journal.reject(operationID: refused.operationID, reason: "403: not yours")
        chart.note = "after"
        _ = try await layer.store.save(chart)
        try await layer.journal.retry(operationID: refused.operationID)
        let pending = try await layer.journal.changes(in: [.pending], limit: nil)
        #expect(pending.map(\.operationID) == [refused.operationID])
        #expect(pending.first?.fields == ["rank", "note"])
        #expect(pending.first?.values["note"] == .text("after"))
    }

    @Test("a type kept only on the server has no stored row to compare: its update sends the whole object")
    func serverOnlyUpdateIsWhole() async throws {
        let layer = try await layer()
        var remote = try await layer.store.save(Remote(title: "a"))
        try await layer.journal.acknowledge(operationIDs: try await layer.journal.claim(limit: 10).map(\.operationID))
        remote.title = "b"
        _ = try await layer.store.save(remote)
        let pending = try await layer.journal.changes(in: [.pending], limit: nil)
        #expect(pending.map(\.operation) == [.update] && pending.first?.fields == nil)
    }
}
