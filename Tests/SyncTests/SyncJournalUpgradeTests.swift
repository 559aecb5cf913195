import CSQLite
import Foundation
import StrataCrossCutting
import StrataStore
import Testing

@testable import StrataData
import StrataJournal
@testable import StrataSync
import StrataWire

/// A store of format 3 (in-flight marks in the journal rows' `state`) upgrades in place to
/// format 4 (`_strata_journal_claims`), and one of format 7 (every insert's values in its
/// payload) to format 8 (a new object's insert kept by reference to its row), and the engine
/// pushes what they held.
@Suite("Sync engine: pushing a journal written by an earlier store format")
struct SyncJournalUpgradeTests {
    @Test("a format-3 store's in-flight changes are sent first after the upgrade, then its pending ones, each acknowledged once")
    func pushesAFormatThreeJournal() async throws {
        let container = temporaryContainer()
        let first = try await SyncHarness(container: container)
        try await first.addVisits(4)
        // A crash after claiming, under format 3: two changes stay inFlight in their rows.
        let interrupted = try await first.data.journal.claim(limit: 2).map(\.operationID)
        let all = try await first.data.journal.changes(in: [.pending, .inFlight], limit: nil).map(\.operationID)
        try Self.execute(
            [
                #"""
                UPDATE "_strata_journal" SET "state" = 'inFlight', "sent" = 1
                WHERE "sequence" IN (SELECT "sequence" FROM "_strata_journal_claims")
                """#,
                #"DROP TABLE "_strata_journal_claims""#,
                "PRAGMA user_version = 3",
            ], in: container.storeURL)

        let restarted = try await SyncHarness(container: container, batchSize: 2)
        #expect(try await restarted.data.journal.changes(in: [.inFlight], limit: nil).map(\.operationID) == interrupted)
        // The server had applied the first before the crash: it answers duplicate.
        restarted.server.scriptPushes(.results(["duplicate", "applied"]), .applyAll)
        let report = try await restarted.sync.syncNow()
        #expect(restarted.server.pushedBatches.first == interrupted)
        #expect(restarted.server.pushedBatches.flatMap { $0 } == all)
        #expect(report.pushed == 4)
        #expect(try await restarted.data.journal.pendingCount() == 0)
    }

    @Test("a format-7 store's pending inserts, their values in their payloads, are pushed with those values after the upgrade")
    func pushesAFormatSevenJournal() async throws {
        let container = temporaryContainer()
        let first = try await SyncHarness(container: container)
        let visits = try await first.addVisits(3)
        // As a format-7 build wrote them: each insert's values sealed in its payload.
        let cipher = try #require(try FieldCipher.load(from: container, create: false))
        var statements: [String] = []
        for visit in visits {
            let values: [String: FieldValue] = ["patient": .text(visit.patient), "ward": .integer(Int64(visit.ward))]
            let hex = try cipher.seal(PayloadCodec.encode(values)).map { String(format: "%02x", $0) }.joined()
            statements.append(#"UPDATE "_strata_journal" SET "payload" = x'\#(hex)' WHERE "objectId" = '\#(visit.objectId ?? "")'"#)
        }
        try Self.execute(statements + ["PRAGMA user_version = 7"], in: container.storeURL)

        let restarted = try await SyncHarness(container: container)
        restarted.server.scriptPushes(.applyAll)
        let report = try await restarted.sync.syncNow()
        #expect(report.pushed == 3)
        let pushed = restarted.server.requests(to: WirePaths.changes).compactMap {
            try? WireCoding.decoder().decode(PushRequest.self, from: $0.body ?? Data())
        }.flatMap(\.changes)
        #expect(pushed.map(\.objectId) == visits.compactMap(\.objectId))
        #expect(pushed.map(\.operation) == ["insert", "insert", "insert"])
        #expect(pushed.map { $0.values["patient"] } == visits.map { Optional(WireValue.text($0.patient)) })
        #expect(pushed.map { $0.values["ward"] } == visits.map { Optional(WireValue.integer(Int64($0.ward))) })
        #expect(try await restarted.data.journal.pendingCount() == 0)
    }

    /// Runs `statements` on the store file directly, as an older Strata's file would be.
    private static func execute(_ statements: [String], in url: URL) throws {
        var db: OpaquePointer?
        guard sqlite3_open(url.path, &db) == SQLITE_OK else { throw DataError(.cannotOpen, url.path) }
        defer { sqlite3_close(db) }
        for sql in statements where sqlite3_exec(db, sql, nil, nil, nil) != SQLITE_OK {
            throw DataError(.sqlite, "\(sql): \(String(cString: sqlite3_errmsg(db)))")
        }
    }
}
