#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import StrataCrossCutting

/// The change journal on the shared SQLite file; every operation runs on the database's queue.
///
/// A batch is acknowledged, claimed and released with one statement each (the batch's ids as
/// one JSON array, read with `json_each`), not one statement per change; a release is still
/// all or nothing, failing on the first id (in the order given) that is not in flight.
final class SQLiteChangeJournal: ChangeJournal {
    private let database: SQLiteDatabase
    private static let columns = """
        "sequence", "operationId", "typeName", "objectId", "operation", "payload", "scope", "ownerUser",
        "ownerGroup", "state", "reason", "createdAt"
        """

    init(database: SQLiteDatabase) {
        self.database = database
    }

    func pendingCount() async throws -> Int {
        try await database.perform { state in
            // Two ranges of the (state, sequence) index, not a scan of every row.
            Int(try state.connection.integer(#"SELECT count(*) FROM "_strata_journal" WHERE "state" IN ('pending', 'inFlight')"#))
        }
    }

    func changes(in states: Set<ChangeState>, limit: Int?) async throws -> [Change] {
        let wanted = ChangeState.allCases.filter(states.contains).map { "'\($0.rawValue)'" }.joined(separator: ", ")
        guard !wanted.isEmpty else { return [] }
        let sql = "SELECT \(Self.columns) FROM \"_strata_journal\" WHERE \"state\" IN (\(wanted)) ORDER BY \"sequence\""
            + (limit.map { " LIMIT \(max(0, $0))" } ?? "")
        return try await database.perform { [self] state in try read(sql, bindings: [], state: state) }
    }

    func rejected() async throws -> [Change] {
        try await changes(in: [.rejected], limit: nil)
    }

    func retry(operationID: String) async throws {
        try await move(operationID, from: [.rejected], to: .pending, reason: nil)
    }

    func discard(operationID: String) async throws {
        try await database.performWrite { state in
            try state.connection.withStatement(
                #"DELETE FROM "_strata_journal" WHERE "operationId" = ?1 AND "state" <> 'inFlight'"#
            ) { statement in
                statement.bind(operationID, at: 1)
                try statement.step()
            }
            guard state.connection.changes == 1 else { throw Self.notFound(operationID, states: "pending or rejected") }
        }
    }

    func claim(limit: Int) async throws -> [Change] {
        try await claim(limit: limit, owner: nil, excluding: [])
    }

    func claim(limit: Int, for user: String, excluding sending: Set<String>) async throws -> [Change] {
        try await claim(limit: limit, owner: user, excluding: sending)
    }

    /// Claims for `owner` (with changes made by nobody), or for anyone when `owner` is `nil`.
    private func claim(limit: Int, owner: String?, excluding sending: Set<String>) async throws -> [Change] {
        guard limit > 0 else { return [] }
        return try await database.performWrite { [self] state in
            // inFlight ones (sent before, their outcome unknown) come back first, then pending
            // ones; each query walks the (state, sequence) index in order and stops at the limit.
            var claimed = try sendable(in: .inFlight, owner: owner, limit: limit, skipping: sending, state: state)
            let pending = try sendable(in: .pending, owner: owner, limit: limit - claimed.count, skipping: [], state: state)
            if !pending.isEmpty {
                // One statement for the batch: the sequences go in as one JSON array.
                try state.connection.withStatement(
                    """
                    UPDATE "_strata_journal" SET "state" = 'inFlight', "sent" = 1, "updatedAt" = ?2
                    WHERE "sequence" IN (SELECT "value" FROM json_each(?1))
                    """
                ) { statement in
                    statement.bind(.text(Self.jsonArray(pending.map { String($0.sequence) })), at: 1)
                    statement.bind(.real(database.clock.now().timeIntervalSince1970), at: 2)
                    try statement.step()
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

    /// Up to `limit` changes in `wanted` (of `owner` or nobody, unless `owner` is `nil`), oldest
    /// first, that are the oldest change of their object still in the journal (rejected ones
    /// and other users' included: a later change waits behind them).
    private func sendable(
        in wanted: ChangeState, owner: String?, limit: Int, skipping: Set<String>, state: StoreState
    ) throws -> [Change] {
        guard limit > 0 else { return [] }
        let sql = """
            SELECT \(Self.columns) FROM "_strata_journal" AS j
            WHERE j."state" = ?2 AND (?3 IS NULL OR j."ownerUser" IS NULL OR j."ownerUser" = ?3) AND NOT EXISTS (
                SELECT 1 FROM "_strata_journal" AS older
                WHERE older."typeName" = j."typeName" AND older."objectId" = j."objectId"
                  AND older."sequence" < j."sequence")
            ORDER BY j."sequence" LIMIT ?1
            """
        let bindings: [FieldValue] = [
            .integer(Int64(limit + skipping.count)), .text(wanted.rawValue), owner.map(FieldValue.text) ?? .null,
        ]
        return Array(try read(sql, bindings: bindings, skipping: skipping, state: state).prefix(limit))
    }

    func acknowledge(operationIDs: [String]) async throws {
        guard !operationIDs.isEmpty else { return }
        let ids = Self.jsonArray(operationIDs.map(Self.jsonString))
        try await database.performWrite { state in
            // One statement for the batch (the ids as one JSON array), not one per change.
            try state.connection.withStatement(
                """
                DELETE FROM "_strata_journal"
                WHERE "operationId" IN (SELECT "value" FROM json_each(?1)) AND "state" = 'inFlight'
                """
            ) { statement in
                statement.bind(.text(ids), at: 1)
                try statement.step()
            }
        }
    }

    func reject(operationID: String, reason: String) async throws {
        try await move(operationID, from: [.inFlight], to: .rejected, reason: reason)
    }

    func release(operationIDs: [String]) async throws {
        guard !operationIDs.isEmpty else { return }
        let ids = Self.jsonArray(operationIDs.map(Self.jsonString))
        // Naming an id twice fails as moving it one at a time would: the second time it is pending.
        var seen = Set<String>()
        let repeated = operationIDs.first { !seen.insert($0).inserted }
        try await database.performWrite { [self] state in
            // All or nothing: the first id (in the order given) that is not inFlight fails the call.
            let missing = try state.connection.withStatement(
                """
                SELECT "value" FROM json_each(?1) AS wanted WHERE NOT EXISTS (
                    SELECT 1 FROM "_strata_journal" WHERE "operationId" = wanted."value" AND "state" = 'inFlight')
                ORDER BY wanted."key" LIMIT 1
                """
            ) { statement -> String? in
                statement.bind(.text(ids), at: 1)
                return try statement.step() ? statement.text(at: 0) : nil
            }
            if let missing = missing ?? repeated { throw Self.notFound(missing, states: ChangeState.inFlight.rawValue) }
            try state.connection.withStatement(
                """
                UPDATE "_strata_journal" SET "state" = 'pending', "reason" = NULL, "updatedAt" = ?2
                WHERE "operationId" IN (SELECT "value" FROM json_each(?1))
                """
            ) { statement in
                statement.bind(.text(ids), at: 1)
                statement.bind(.real(database.clock.now().timeIntervalSince1970), at: 2)
                try statement.step()
            }
        }
    }

    /// `elements` (each already JSON) as one JSON array, for `json_each`.
    private static func jsonArray(_ elements: [String]) -> String {
        "[" + elements.joined(separator: ",") + "]"
    }

    /// `text` as a JSON string literal.
    private static func jsonString(_ text: String) -> String {
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

    private func move(_ operationID: String, from: Set<ChangeState>, to target: ChangeState, reason: String?) async throws {
        try await database.performWrite { [self] state in try move(operationID, from: from, to: target, reason: reason, state: state) }
    }

    private func move(
        _ operationID: String, from: Set<ChangeState>, to target: ChangeState, reason: String?, state: StoreState
    ) throws {
        let current = try state.connection.withStatement(
            #"SELECT "state" FROM "_strata_journal" WHERE "operationId" = ?1"#
        ) { statement -> String? in
            statement.bind(operationID, at: 1)
            return try statement.step() ? statement.text(at: 0) : nil
        }
        guard let current, let currentState = ChangeState(rawValue: current), from.contains(currentState) else {
            throw Self.notFound(operationID, states: from.map(\.rawValue).sorted().joined(separator: " or "))
        }
        try setState(operationID, to: target, reason: reason, now: database.clock.now().timeIntervalSince1970, state: state)
    }

    private func setState(_ operationID: String, to target: ChangeState, reason: String?, now: Double, state: StoreState) throws {
        let sql = #"UPDATE "_strata_journal" SET "state" = ?2, "reason" = ?3, "updatedAt" = ?4 WHERE "operationId" = ?1"#
        try state.connection.withStatement(sql) { statement in
            statement.bind(operationID, at: 1)
            statement.bind(target.rawValue, at: 2)
            statement.bind(reason.map(FieldValue.text) ?? .null, at: 3)
            statement.bind(.real(now), at: 4)
            try statement.step()
        }
    }

    /// The changes `sql` selects (``columns``), payloads opened, less those named in `skipping`.
    private func read(_ sql: String, bindings: [FieldValue], skipping: Set<String> = [], state: StoreState) throws -> [Change] {
        let cipher = try database.requireCipher(for: "the change journal")
        return try state.connection.withStatement(sql) { statement in
            statement.bind(bindings)
            var changes: [Change] = []
            while try statement.step() {
                let operationID = statement.text(at: 1)
                if skipping.contains(operationID) { continue }
                let what = "change \(operationID)"
                guard case .blob(let sealed) = statement.value(at: 5) else {
                    throw DataError(.incompatibleStore, "\(what): the stored payload is missing")
                }
                let values = try PayloadCodec.decode(try cipher.open(Data(sealed), what: what), what: what)
                changes.append(
                    Change(
                        operationID: operationID, typeName: statement.text(at: 2), objectID: statement.text(at: 3),
                        operation: ChangeOperation(rawValue: statement.text(at: 4)) ?? .update, values: values,
                        scope: DataScope(rawValue: Int(statement.int64(at: 6))) ?? .group,
                        ownerUser: String(fieldValue: statement.value(at: 7)),
                        ownerGroup: String(fieldValue: statement.value(at: 8)), sequence: statement.int64(at: 0),
                        state: ChangeState(rawValue: statement.text(at: 9)) ?? .pending,
                        reason: String(fieldValue: statement.value(at: 10)),
                        createdAt: Date(timeIntervalSince1970: Double(fieldValue: statement.value(at: 11)) ?? 0)))
            }
            return changes
        }
    }

    private static func notFound(_ operationID: String, states: String) -> DataError {
        DataError(.notFound, "no \(states) change has the operation id '\(operationID)'")
    }
}
