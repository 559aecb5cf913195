import CSQLite
import Foundation
import StrataCrossCutting
import StrataStore
import Testing

import StrataData
import StrataJournal
@testable import StrataSync

/// A store of format 3 (in-flight marks in the journal rows' `state`) upgrades in place to
/// format 4 (`_strata_journal_claims`) and the engine pushes what it held.
@Suite("Sync engine: pushing a journal written before the claims table")
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
