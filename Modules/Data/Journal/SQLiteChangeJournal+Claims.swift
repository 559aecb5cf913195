#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import StrataCrossCutting
import StrataJournal
import StrataStore

/// Claiming, acknowledging and releasing batches: the in-flight marks live in
/// `_strata_journal_claims`, one small row per claimed change, so none of these rewrites a
/// journal row (only a release or a rejection marks a row `sent`, and an acknowledgement
/// deletes it).
extension SQLiteChangeJournal {
    /// Claims for `owner` (with changes made by nobody), or for anyone when `owner` is `nil`.
    func claim(limit: Int, owner: String?, excluding sending: Set<String>) async throws -> [Change] {
        guard limit > 0 else { return [] }
        let skipped = Self.jsonArray(sending.map(Self.jsonString))
        return try await database.performWrite { [self] state in
            // Claimed ones (sent before, their outcome unknown) come back first, then pending
            // ones; each query walks its table in sequence order and stops at the limit.
            var claimed = try claimedBefore(owner: owner, limit: limit, skipping: skipped, state: state)
            let pending = try sendable(owner: owner, limit: limit - claimed.count, state: state)
            if !pending.isEmpty {
                // A small row per change (a few pages per batch), not a rewrite of its journal row.
                try state.connection.withStatement(
                    #"INSERT INTO "_strata_journal_claims" ("sequence", "operationId") VALUES (?1, ?2)"#
                ) { statement in
                    for change in pending {
                        statement.rewind()
                        statement.bind(.integer(change.sequence), at: 1)
                        statement.bind(change.operationID, at: 2)
                        try statement.step()
                    }
                }
            }
            claimed += pending.map { change in
                var claimed = change
                claimed.state = .inFlight
                return claimed
            }
            return claimed
        }
    }

    /// Up to `limit` changes claimed before and never settled (of `owner` or nobody, unless
    /// `owner` is `nil`), oldest first, less those in `skipping` (a JSON array of operation
    /// ids): the claims table is walked and the skipped ones are left out before their journal
    /// rows are read.
    private func claimedBefore(owner: String?, limit: Int, skipping: String, state: StoreState) throws -> [Change] {
        let sql = """
            SELECT \(Self.columns) FROM "_strata_journal_claims" AS claim CROSS JOIN "_strata_journal" AS j
            WHERE claim."operationId" NOT IN (SELECT "value" FROM json_each(?2)) AND j."sequence" = claim."sequence"
              AND (?3 IS NULL OR j."ownerUser" IS NULL OR j."ownerUser" = ?3) AND \(Self.isOldestOfItsObject)
            ORDER BY claim."sequence" LIMIT ?1
            """
        let bindings: [FieldValue] = [.integer(Int64(limit)), .text(skipping), owner.map(FieldValue.text) ?? .null]
        return try read(sql, bindings: bindings, state: state)
    }

    /// Up to `limit` pending changes that are not claimed (of `owner` or nobody, unless `owner`
    /// is `nil`), oldest first, that are the oldest change of their object still in the
    /// journal (rejected ones and other users' included: a later change waits behind them).
    private func sendable(owner: String?, limit: Int, state: StoreState) throws -> [Change] {
        guard limit > 0 else { return [] }
        // The claim test needs only the index entry's sequence: claimed entries (the batch in
        // flight, at the start of the range) are passed over without reading their rows.
        let sql = """
            SELECT \(Self.columns) FROM "_strata_journal" AS j
            WHERE j."state" = 'pending' AND j."sequence" NOT IN (SELECT "sequence" FROM "_strata_journal_claims")
              AND (?2 IS NULL OR j."ownerUser" IS NULL OR j."ownerUser" = ?2) AND \(Self.isOldestOfItsObject)
            ORDER BY j."sequence" LIMIT ?1
            """
        return try read(sql, bindings: [.integer(Int64(limit)), owner.map(FieldValue.text) ?? .null], state: state)
    }

    /// Whether journal row `j` is the oldest change of its object still in the journal.
    private static let isOldestOfItsObject = """
        NOT EXISTS (
            SELECT 1 FROM "_strata_journal" AS older
            WHERE older."typeName" = j."typeName" AND older."objectId" = j."objectId" AND older."sequence" < j."sequence")
        """

    func acknowledge(operationIDs: [String]) async throws {
        guard !operationIDs.isEmpty else { return }
        let ids = Self.jsonArray(operationIDs.map(Self.jsonString))
        let now = database.clock.now().timeIntervalSince1970
        try await database.performWrite { state in
            // This device's writes the server holds: an overwrite notice of one is recorded.
            try AcknowledgedLedger.record(ids, now: now, in: state.connection)
            // One statement per table for the batch (the ids as one JSON array); only claimed
            // changes leave, then their claims.
            for sql in [
                """
                DELETE FROM "_strata_journal" WHERE "operationId" IN (SELECT "value" FROM json_each(?1)) AND EXISTS (
                    SELECT 1 FROM "_strata_journal_claims" AS c WHERE c."sequence" = "_strata_journal"."sequence")
                """,
                #"DELETE FROM "_strata_journal_claims" WHERE "operationId" IN (SELECT "value" FROM json_each(?1))"#,
            ] {
                try state.connection.withStatement(sql) { statement in
                    statement.bind(.text(ids), at: 1)
                    try statement.step()
                }
            }
        }
    }

    func release(operationIDs: [String]) async throws {
        guard !operationIDs.isEmpty else { return }
        let ids = Self.jsonArray(operationIDs.map(Self.jsonString))
        // Naming an id twice fails as moving it one at a time would: the second time it is pending.
        var seen = Set<String>()
        let repeated = operationIDs.first { !seen.insert($0).inserted }
        try await database.performWrite { [self] state in
            // All or nothing: the first id (in the order given) that is not claimed fails the call.
            let missing = try state.connection.withStatement(
                """
                SELECT "value" FROM json_each(?1) AS wanted WHERE NOT EXISTS (
                    SELECT 1 FROM "_strata_journal" AS j WHERE j."operationId" = wanted."value"
                      AND j."sequence" IN (SELECT "sequence" FROM "_strata_journal_claims"))
                ORDER BY wanted."key" LIMIT 1
                """
            ) { statement -> String? in
                statement.bind(.text(ids), at: 1)
                return try statement.step() ? statement.text(at: 0) : nil
            }
            if let missing = missing ?? repeated { throw Self.notFound(missing, states: ChangeState.inFlight.rawValue) }
            // Back to pending, marked sent: the server may have applied them.
            try state.connection.withStatement(
                """
                UPDATE "_strata_journal" SET "reason" = NULL, "updatedAt" = ?2, "sent" = 1
                WHERE "operationId" IN (SELECT "value" FROM json_each(?1))
                """
            ) { statement in
                statement.bind(.text(ids), at: 1)
                statement.bind(.real(database.clock.now().timeIntervalSince1970), at: 2)
                try statement.step()
            }
            try state.connection.withStatement(
                #"DELETE FROM "_strata_journal_claims" WHERE "operationId" IN (SELECT "value" FROM json_each(?1))"#
            ) { statement in
                statement.bind(.text(ids), at: 1)
                try statement.step()
            }
        }
    }

    /// `elements` (each already JSON) as one JSON array, for `json_each`.
    static func jsonArray(_ elements: [String]) -> String {
        "[" + elements.joined(separator: ",") + "]"
    }

    /// `text` as a JSON string literal.
    static func jsonString(_ text: String) -> String {
        // Operation ids need no escape: quoted as they are, without a walk per character.
        if !text.utf8.contains(where: { $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") || $0 < 0x20 }) {
            return "\"" + text + "\""
        }
        var quoted = "\""
        quoted.reserveCapacity(text.utf8.count + 2)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": quoted += "\\\""
            case "\\": quoted += "\\\\"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                quoted += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: quoted.unicodeScalars.append(scalar)
            }
        }
        return quoted + "\""
    }
}
