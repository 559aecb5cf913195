#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import StrataCrossCutting
import StrataJournal
import StrataStore

/// Retrying and discarding: what a person does about a change the server refused.
extension SQLiteChangeJournal {
    /// A journal row as retry and discard look at it.
    private struct Row {
        var sequence: Int64
        var typeName: String
        var objectID: String
        var operation: ChangeOperation
        var state: ChangeState
    }

    /// Moves a rejected change back to `pending`, folding in the edits made since: the
    /// object's later changes (which wait behind the rejected one) are merged into it as the
    /// journal coalesces unsent edits, so the retry sends the newest values once.
    func retry(operationID: String) async throws {
        let now = database.clock.now().timeIntervalSince1970
        _ = try await database.performWrite { [self] state in try retry(operationID, now: now, state: state) }
    }

    /// ``retry(operationID:)`` inside the caller's write transaction; returns the journal row
    /// the change is in now, or `nil` when nothing is left to send.
    @discardableResult
    func retry(_ operationID: String, now: Double, state: StoreState) throws -> Int64? {
        guard let row = try row(operationID, state: state), row.state == .rejected else {
            throw Self.notFound(operationID, states: ChangeState.rejected.rawValue)
        }
        // The later changes never left: a rejected change blocks its object's queue.
        let later = try state.connection.withStatement(
            """
            SELECT "sequence", "operation" FROM "_strata_journal"
            WHERE "typeName" = ?1 AND "objectId" = ?2 AND "sequence" > ?3 AND "state" = 'pending'
              AND "sequence" NOT IN (SELECT "sequence" FROM "_strata_journal_claims")
            ORDER BY "sequence"
            """
        ) { statement -> [(sequence: Int64, operation: ChangeOperation)] in
            statement.bind(row.typeName, at: 1)
            statement.bind(row.objectID, at: 2)
            statement.bind(.integer(row.sequence), at: 3)
            var later: [(Int64, ChangeOperation)] = []
            while try statement.step() {
                later.append((statement.int64(at: 0), ChangeOperation(rawValue: statement.text(at: 1)) ?? .update))
            }
            return later
        }
        var operation: ChangeOperation? = row.operation
        for change in later { operation = Self.folded(operation, then: change.operation) }
        // Updates folded into an update send every field any of them changed.
        let writer = JournalWriter(
            connection: state.connection, cipher: try database.requireCipher(for: "the change journal"), now: now,
            operationIDs: state.operationIDs)
        var fields: [String]?
        if operation == .update, !later.isEmpty {
            fields = try writer.pendingFields(row.sequence)
            for change in later { fields = PayloadCodec.union(fields, try writer.pendingFields(change.sequence)) }
        }
        if let newest = later.last {
            if operation != nil {
                // The newest values, scope and owner: what the person sees now is what goes.
                try execute(
                    """
                    UPDATE "_strata_journal" SET ("payload", "scope", "ownerUser", "ownerGroup") = (
                        SELECT "payload", "scope", "ownerUser", "ownerGroup" FROM "_strata_journal" WHERE "sequence" = ?2)
                    WHERE "sequence" = ?1
                    """, [.integer(row.sequence), .integer(newest.sequence)], state: state)
                if operation == .update { try writer.setFields(fields, of: row.sequence) }
            }
            try execute(
                #"DELETE FROM "_strata_journal" WHERE "sequence" IN (SELECT "value" FROM json_each(?1))"#,
                [.text(Self.jsonArray(later.map { String($0.sequence) }))], state: state)
        }
        guard let operation else {
            // An insert the server refused, deleted since: nothing ever reached the server.
            try execute(#"DELETE FROM "_strata_journal" WHERE "sequence" = ?1"#, [.integer(row.sequence)], state: state)
            return nil
        }
        // It stays marked sent (a batch refused as a whole may have been half seen): later
        // edits queue behind it, and the next retry folds them in again.
        try execute(
            """
            UPDATE "_strata_journal" SET "state" = 'pending', "reason" = NULL, "operation" = ?2, "updatedAt" = ?3,
                "conflictFields" = NULL, "current" = NULL
            WHERE "sequence" = ?1
            """, [.integer(row.sequence), .text(operation.rawValue), .real(now)], state: state)
        return row.sequence
    }

    /// Drops a pending or rejected change and has the server's version restored: an insert's
    /// local row (and its dependent rows) is deleted now; the object is marked to be fetched
    /// again at the next pull (`SyncStateKey/refetch(_:_:)`), or, for a `deleteAll`, the
    /// type's pull cursor starts over.
    func discard(operationID: String) async throws {
        try await database.performWrite { [self] state in try discard(operationID, state: state, refetch: true) }
    }

    /// ``discard(operationID:)`` inside the caller's write transaction; `refetch` false leaves
    /// the object's row to the caller (it writes the server's version itself).
    func discard(_ operationID: String, state: StoreState, refetch: Bool) throws {
        guard let row = try row(operationID, state: state), row.state != .inFlight else {
            throw Self.notFound(operationID, states: "pending or rejected")
        }
        try execute(#"DELETE FROM "_strata_journal" WHERE "sequence" = ?1"#, [.integer(row.sequence)], state: state)
        guard let table = state.tables[StoreState.tableKey(row.typeName)], table.exists,
            table.behaviour.persistentType == .localAndServer
        else { return }
        if row.operation == .deleteAll {
            try SyncSettings.set([SyncStateKey.cursor(table.typeName).rawValue: nil], in: state.connection)
            return
        }
        if row.operation == .insert {
            try execute(table.deleteSQL, [.text(row.objectID)], state: state)
            try DependentRows(state: state, cipher: database.cipher)
                .deleteDependents(of: table.typeName, ids: [row.objectID])
            state.touch(table.typeName)
        }
        if refetch {
            try SyncSettings.set([SyncStateKey.refetch(table.typeName, row.objectID).rawValue: "1"], in: state.connection)
        }
    }

    /// What an object's change `first` followed by `then` amounts to, unsent (`nil`: nothing).
    static func folded(_ first: ChangeOperation?, then next: ChangeOperation) -> ChangeOperation? {
        switch (first, next) {
        case (.insert?, .update): .insert
        case (.insert?, .delete): nil
        default: next
        }
    }

    private func row(_ operationID: String, state: StoreState) throws -> Row? {
        try state.connection.withStatement(
            """
            SELECT j."sequence", j."typeName", j."objectId", j."operation", \(Self.effectiveState)
            FROM "_strata_journal" AS j WHERE j."operationId" = ?1
            """
        ) { statement in
            statement.bind(operationID, at: 1)
            guard try statement.step() else { return nil }
            return Row(
                sequence: statement.int64(at: 0), typeName: statement.text(at: 1), objectID: statement.text(at: 2),
                operation: ChangeOperation(rawValue: statement.text(at: 3)) ?? .update,
                state: ChangeState(rawValue: statement.text(at: 4)) ?? .pending)
        }
    }

    private func execute(_ sql: String, _ bindings: [FieldValue], state: StoreState) throws {
        try state.connection.withStatement(sql) { statement in
            statement.bind(bindings)
            try statement.step()
        }
    }
}
