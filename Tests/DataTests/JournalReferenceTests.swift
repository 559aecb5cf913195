import Foundation
import StrataCrossCutting
import StrataDataTesting
import StrataJournal
import StrataStore
import Testing

@testable import StrataData

/// A chart whose patient name is encrypted, kept locally and sent to the server.
private struct Chart: ValueObject, Equatable {
    var objectId: String?
    var patient = ""
    var ward = 0
    init() {}
    init(patient: String, ward: Int) {
        self.patient = patient
        self.ward = ward
    }
    static let schema = ValueObjectSchema<Chart>(
        "Chart", fields: [.field("patient", \.patient), .field("ward", \.ward)],
        behaviour: ValueObjectBehaviour(persistentType: .localAndServer, encrypted: ["patient"]))
}

/// A new object's pending insert keeps its values in its row (store format 8,
/// `JournalStoredRow`): the journal row holds no payload, the change carries the row as it is
/// when read, and a change that outlives its row (in flight, sent, rejected) takes the values
/// before the row goes.
@Suite("Change journal: pending inserts kept by reference to their rows")
struct JournalReferenceTests {
    private func layer(_ container: ContainerDirectory) async throws -> any DataLayer {
        let layer = try await DataLayerFactory.live(container: container, logger: quietLogger, clock: TestClock())
        try await layer.store.register(Chart.self)
        return layer
    }

    private let payloadLengths = #"SELECT "operation", length("payload") FROM "_strata_journal" ORDER BY "sequence""#

    /// Every byte of the store's files (the database and its WAL).
    private func fileBytes(_ container: ContainerDirectory) throws -> Data {
        var bytes = Data()
        for suffix in ["", "-wal"] {
            if let data = FileManager.default.contents(atPath: container.storeURL.path + suffix) { bytes.append(data) }
        }
        return bytes
    }

    @Test("a new object's insert holds no payload; claimed, it carries the stored row, encrypted fields opened")
    func insertCarriesTheRow() async throws {
        let container = temporaryContainer()
        let layer = try await layer(container)
        let saved = try await layer.store.save(Chart(patient: "Josefina Referenced", ward: 3))
        let inspector = SQLiteInspector(container.storeURL)
        #expect(try inspector.rows(payloadLengths) == [["insert", "0"]])
        #expect(try fileBytes(container).range(of: Data("Josefina Referenced".utf8)) == nil, "no plaintext in the file")
        let id = try #require(saved.objectId)
        let claimed = try await layer.journal.claim(limit: 10)
        #expect(claimed.map(\.objectID) == [id])
        #expect(claimed.first?.operation == .insert)
        #expect(claimed.first?.values == ["patient": .text("Josefina Referenced"), "ward": .integer(3)])
        #expect(claimed.first?.fields == nil)
    }

    @Test("an edit folded into a pending insert rewrites only the row, and the insert sends the newest values")
    func foldedEditRewritesOnlyTheRow() async throws {
        let container = temporaryContainer()
        let layer = try await layer(container)
        var chart = try await layer.store.save(Chart(patient: "before", ward: 1))
        let first = try await layer.journal.changes(in: [.pending], limit: nil)
        chart.patient = "after"
        chart.ward = 2
        _ = try await layer.store.save(chart)
        #expect(try SQLiteInspector(container.storeURL).rows(payloadLengths) == [["insert", "0"]])
        let claimed = try await layer.journal.claim(limit: 10)
        #expect(claimed.map(\.operationID) == first.map(\.operationID), "one change, its operation id kept")
        #expect(claimed.first?.values == ["patient": .text("after"), "ward": .integer(2)])
        // Deleted before it is sent: nothing is left to send.
        try await layer.journal.release(operationIDs: claimed.map(\.operationID))
        let other = try await layer.store.save(Chart(patient: "gone", ward: 5))
        _ = try await layer.store.delete(other)
        #expect(try await layer.journal.pendingCount() == 1)
    }

    @Test("a delete of an object whose insert is in flight keeps the insert's values for a resend, sealed")
    func deleteKeepsAnInFlightInsertsValues() async throws {
        let container = temporaryContainer()
        let layer = try await layer(container)
        let chart = try await layer.store.save(Chart(patient: "Marisol Inflight", ward: 4))
        let claimed = try await layer.journal.claim(limit: 10)
        _ = try await layer.store.delete(chart)
        let inspector = SQLiteInspector(container.storeURL)
        let lengths = try inspector.rows(payloadLengths)
        #expect(lengths.map(\.first) == ["insert", "delete"])
        #expect(lengths.first.flatMap { Int($0[1]) }.map { $0 > 0 } == true, "the insert took its values")
        #expect(try fileBytes(container).range(of: Data("Marisol Inflight".utf8)) == nil, "no plaintext in the file")
        // The answer was lost: sent again, with the values it went with, then the delete.
        try await layer.journal.release(operationIDs: claimed.map(\.operationID))
        let again = try await layer.journal.claim(limit: 10)
        #expect(again.map(\.operationID) == claimed.map(\.operationID))
        #expect(again.first?.values == ["patient": .text("Marisol Inflight"), "ward": .integer(4)])
        try await layer.journal.acknowledge(operationIDs: again.map(\.operationID))
        #expect(try await layer.journal.claim(limit: 10).map(\.operation) == [.delete])
    }

    @Test("an edit of an object whose insert is in flight, or was sent and put back, queues behind it; the insert keeps what it went with")
    func editBehindASentInsertKeepsItsValues() async throws {
        let container = temporaryContainer()
        let layer = try await layer(container)
        var inFlight = try await layer.store.save(Chart(patient: "went first", ward: 1))
        var putBack = try await layer.store.save(Chart(patient: "went too", ward: 2))
        let claimed = try await layer.journal.claim(limit: 10)
        // The second insert's answer was lost: put back, it was sent (the server may hold it).
        try await layer.journal.release(operationIDs: [claimed[1].operationID])
        inFlight.ward = 10
        putBack.ward = 20
        _ = try await layer.store.save([inFlight, putBack])
        // Edited again: each edit folds into its own pending update, never into the sent insert.
        putBack.ward = 21
        _ = try await layer.store.save(putBack)
        let lengths = try SQLiteInspector(container.storeURL).rows(payloadLengths)
        #expect(lengths.map(\.first) == ["insert", "insert", "update", "update"])
        #expect(lengths.prefix(2).allSatisfy { Int($0[1]).map { $0 > 0 } == true }, "both inserts took their values")
        #expect(try fileBytes(container).range(of: Data("went first".utf8)) == nil, "no plaintext in the file")
        try await layer.journal.release(operationIDs: [claimed[0].operationID])
        let again = try await layer.journal.changes(in: [.pending], limit: nil)
        #expect(Array(again.map(\.operationID).prefix(2)) == claimed.map(\.operationID), "the inserts go again with their ids")
        #expect(again.map(\.operation) == [.insert, .insert, .update, .update])
        #expect(again.prefix(2).map { $0.values["ward"] } == [.integer(1), .integer(2)], "each insert sends what it went with")
        #expect(again.suffix(2).map { $0.values["ward"] } == [.integer(10), .integer(21)])
        #expect(again.suffix(2).map(\.fields) == [["ward"], ["ward"]])
    }

    @Test("deleting every object keeps the values of an insert in flight")
    func deleteAllKeepsAnInFlightInsertsValues() async throws {
        let container = temporaryContainer()
        let layer = try await layer(container)
        _ = try await layer.store.save([Chart(patient: "a", ward: 1), Chart(patient: "b", ward: 2)])
        let claimed = try await layer.journal.claim(limit: 1)
        _ = try await layer.store.deleteAll(Chart.self)
        try await layer.journal.release(operationIDs: claimed.map(\.operationID))
        let again = try await layer.journal.claim(limit: 10)
        #expect(again.map(\.operation) == [.insert, .deleteAll])
        #expect(again.first?.operationID == claimed.first?.operationID)
        #expect(again.first?.values == ["patient": .text("a"), "ward": .integer(1)])
    }

    @Test("a refused insert holds the values it was refused with, whatever happens to its row")
    func rejectedInsertHoldsItsValues() async throws {
        let container = temporaryContainer()
        let layer = try await layer(container)
        var chart = try await layer.store.save(Chart(patient: "refused", ward: 7))
        let claimed = try await layer.journal.claim(limit: 10)
        try await layer.journal.reject(operationID: claimed[0].operationID, reason: "no")
        chart.patient = "edited since"
        _ = try await layer.store.save(chart)
        let rejected = try await layer.journal.rejected()
        #expect(rejected.first?.values == ["patient": .text("refused"), "ward": .integer(7)])
        // Retried, the edit made since is folded in: the newest values go, once.
        try await layer.journal.retry(operationID: claimed[0].operationID)
        let retried = try await layer.journal.claim(limit: 10)
        #expect(retried.map(\.operationID) == [claimed[0].operationID])
        #expect(retried.first?.values["patient"] == .text("edited since"))
    }

    @Test("a format-7 store's pending inserts keep their payloads through the upgrade, and an edit folds into them")
    func formatSevenInsertsSurviveTheUpgrade() async throws {
        let container = temporaryContainer()
        var ids: [String] = []
        do {
            let layer = try await layer(container)
            ids = try await layer.store.save([Chart(patient: "old one", ward: 1), Chart(patient: "old two", ward: 2)]).compactMap(\.objectId)
        }
        // As a format-7 build wrote them: each insert's values sealed in its payload.
        let cipher = try #require(try FieldCipher.load(from: container, create: false))
        let inspector = SQLiteInspector(container.storeURL)
        for (index, id) in ids.enumerated() {
            let values: [String: FieldValue] = ["patient": .text(index == 0 ? "old one" : "old two"), "ward": .integer(Int64(index + 1))]
            let hex = try cipher.seal(PayloadCodec.encode(values)).map { String(format: "%02x", $0) }.joined()
            try inspector.execute(#"UPDATE "_strata_journal" SET "payload" = x'\#(hex)' WHERE "objectId" = '\#(id)'"#)
        }
        try inspector.execute("PRAGMA user_version = 7")

        let layer = try await layer(container)
        #expect(try inspector.rows("PRAGMA user_version") == [["8"]])
        var first = try #require(try await layer.store.fetch(Chart.self, id: ids[0]))
        first.patient = "old one, edited"
        _ = try await layer.store.save(first)
        #expect(try inspector.rows(payloadLengths).map { $0[1] == "0" } == [true, false], "the edited insert went by reference")
        let claimed = try await layer.journal.claim(limit: 10)
        #expect(claimed.map(\.objectID) == ids)
        #expect(claimed.map(\.values) == [
            ["patient": .text("old one, edited"), "ward": .integer(1)], ["patient": .text("old two"), "ward": .integer(2)],
        ])
    }
}
