import Foundation
import StrataCrossCutting

/// The change journal on the shared SQLite file.
final class SQLiteChangeJournal: ChangeJournal {
    private let database: SQLiteDatabase
    private static let columns = """
        "sequence", "operationId", "typeName", "objectId", "operation", "payload", "scope", "ownerUser",
        "ownerGroup", "state", "reason", "createdAt"
        """

    init(database: SQLiteDatabase) {
        self.database = database
    }

    func pendingCount() throws -> Int {
        try database.withState { state in
            Int(try state.connection.integer(#"SELECT count(*) FROM "_strata_journal" WHERE "state" <> 'rejected'"#))
        }
    }

    func changes(in states: Set<ChangeState>, limit: Int?) throws -> [Change] {
        let wanted = ChangeState.allCases.filter(states.contains).map { "'\($0.rawValue)'" }.joined(separator: ", ")
        guard !wanted.isEmpty else { return [] }
        let sql = "SELECT \(Self.columns) FROM \"_strata_journal\" WHERE \"state\" IN (\(wanted)) ORDER BY \"sequence\""
            + (limit.map { " LIMIT \(max(0, $0))" } ?? "")
        return try database.withState { state in try read(sql, bindings: [], state: state) }
    }

    func rejected() throws -> [Change] {
        try changes(in: [.rejected], limit: nil)
    }

    func retry(operationID: String) throws {
        try move(operationID, from: [.rejected], to: .pending, reason: nil)
    }

    func discard(operationID: String) throws {
        try database.write { state in
            try state.connection.withStatement(
                #"DELETE FROM "_strata_journal" WHERE "operationId" = ?1 AND "state" <> 'inFlight'"#
            ) { statement in
                statement.bind(operationID, at: 1)
                try statement.step()
            }
            guard state.connection.changes == 1 else { throw Self.notFound(operationID, states: "pending or rejected") }
        }
    }

    func claim(limit: Int) throws -> [Change] {
        guard limit > 0 else { return [] }
        return try database.write { state in
            // The oldest change of each object that is not rejected; inFlight ones (a crash
            // interrupted them) come back first, in journal order.
            let sql = """
                SELECT \(Self.columns) FROM "_strata_journal" AS j
                WHERE j."state" IN ('pending', 'inFlight') AND NOT EXISTS (
                    SELECT 1 FROM "_strata_journal" AS older
                    WHERE older."typeName" = j."typeName" AND older."objectId" = j."objectId"
                      AND older."sequence" < j."sequence")
                ORDER BY j."state" = 'inFlight' DESC, j."sequence" LIMIT ?1
                """
            let claimed = try read(sql, bindings: [.integer(Int64(limit))], state: state)
            let now = database.clock.now().timeIntervalSince1970
            for change in claimed where change.state == .pending {
                try setState(change.operationID, to: .inFlight, reason: nil, now: now, state: state)
            }
            return claimed.map { change in
                var claimed = change
                claimed.state = .inFlight
                return claimed
            }
        }
    }

    func acknowledge(operationIDs: [String]) throws {
        try database.write { state in
            for operationID in operationIDs {
                try state.connection.withStatement(
                    #"DELETE FROM "_strata_journal" WHERE "operationId" = ?1 AND "state" = 'inFlight'"#
                ) { statement in
                    statement.bind(operationID, at: 1)
                    try statement.step()
                }
            }
        }
    }

    func reject(operationID: String, reason: String) throws {
        try move(operationID, from: [.inFlight], to: .rejected, reason: reason)
    }

    func release(operationIDs: [String]) throws {
        for operationID in operationIDs {
            try move(operationID, from: [.inFlight], to: .pending, reason: nil)
        }
    }

    private func move(_ operationID: String, from: Set<ChangeState>, to target: ChangeState, reason: String?) throws {
        try database.write { state in
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

    private func read(_ sql: String, bindings: [FieldValue], state: StoreState) throws -> [Change] {
        let cipher = try database.requireCipher(for: "the change journal")
        return try state.connection.withStatement(sql) { statement in
            statement.bind(bindings)
            var changes: [Change] = []
            while try statement.step() {
                let operationID = statement.text(at: 1)
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
