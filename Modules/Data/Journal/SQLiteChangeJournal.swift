#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import StrataCrossCutting
import StrataJournal
import StrataStore
import StrataWire

/// The change journal on the shared SQLite file; every operation runs on the database's queue.
///
/// A journal row's `state` is `pending` or `rejected`; a pending change is in flight while it
/// has a row in `_strata_journal_claims` (format 4): claiming a batch inserts a few pages of
/// those instead of rewriting every claimed journal row, and the acknowledgement deletes the
/// rows and their claims (see ``InternalTables/journalClaims``). A batch is acknowledged,
/// claimed and released with one statement per table (the batch's ids as one JSON array, read
/// with `json_each`), not one per change; a release is still all or nothing, failing on the
/// first id (in the order given) that is not in flight.
final class SQLiteChangeJournal: ChangeJournal {
    let database: SQLiteDatabase
    /// The columns ``read(_:bindings:state:)`` reads, of the journal as `j`; the state is
    /// `inFlight` for a claimed change.
    static let columns = """
        j."sequence", j."operationId", j."typeName", j."objectId", j."operation", j."payload", j."scope", j."ownerUser",
        j."ownerGroup", \(effectiveState), j."reason", j."createdAt", j."baseVersion", j."policy", j."conflictFields",
        j."current"
        """
    /// A journal row's state as the protocol sees it.
    static let effectiveState = """
        CASE WHEN EXISTS (SELECT 1 FROM "_strata_journal_claims" AS c WHERE c."sequence" = j."sequence") \
        THEN 'inFlight' ELSE j."state" END
        """

    init(database: SQLiteDatabase) {
        self.database = database
    }

    func pendingCount() async throws -> Int {
        try await database.perform { state in
            // Ranges of the (state, sequence) index: claimed changes are `pending` rows; `inFlight`
            // rows exist only in a format-3 store opened read-only, before any upgrade.
            Int(try state.connection.integer(#"SELECT count(*) FROM "_strata_journal" WHERE "state" IN ('pending', 'inFlight')"#))
        }
    }

    func changes(in states: Set<ChangeState>, limit: Int?) async throws -> [Change] {
        let wanted = ChangeState.allCases.filter(states.contains).map { "'\($0.rawValue)'" }.joined(separator: ", ")
        guard !wanted.isEmpty else { return [] }
        // In-flight changes are stored as pending: the index range, then the state as seen.
        let stored = states.contains(.rejected) ? "'pending', 'rejected'" : "'pending'"
        let sql = """
            SELECT \(Self.columns) FROM "_strata_journal" AS j
            WHERE j."state" IN (\(stored)) AND \(Self.effectiveState) IN (\(wanted)) ORDER BY j."sequence"
            """ + (limit.map { " LIMIT \(max(0, $0))" } ?? "")
        return try await database.perform { [self] state in try read(sql, bindings: [], state: state) }
    }

    func rejected() async throws -> [Change] {
        try await changes(in: [.rejected], limit: nil)
    }

    func claim(limit: Int) async throws -> [Change] {
        try await claim(limit: limit, owner: nil, excluding: [])
    }

    func claim(limit: Int, for user: String, excluding sending: Set<String>) async throws -> [Change] {
        try await claim(limit: limit, owner: user, excluding: sending)
    }

    func reject(operationID: String, reason: String) async throws {
        try await move(operationID, from: [.inFlight], to: .rejected, reason: reason)
    }

    func reject(operationID: String, reason: String, conflictFields: [String], current: WireObject) async throws {
        let cipher = try database.requireCipher(for: "the change journal")
        let sealed = try cipher.seal(try WireCoding.encoder().encode(current))
        try await database.performWrite { [self] state in
            try move(operationID, from: [.inFlight], to: .rejected, reason: reason, state: state)
            try state.connection.withStatement(
                #"UPDATE "_strata_journal" SET "conflictFields" = ?2, "current" = ?3 WHERE "operationId" = ?1"#
            ) { statement in
                statement.bind(operationID, at: 1)
                statement.bind(conflictFields.joined(separator: ","), at: 2)
                statement.bind(.blob([UInt8](sealed)), at: 3)
                try statement.step()
            }
        }
    }

    private func move(_ operationID: String, from: Set<ChangeState>, to target: ChangeState, reason: String?) async throws {
        try await database.performWrite { [self] state in try move(operationID, from: from, to: target, reason: reason, state: state) }
    }

    /// Moves one change between `pending` and `rejected`; a claimed one leaves its claim and
    /// is marked sent (the server may have applied it).
    private func move(
        _ operationID: String, from: Set<ChangeState>, to target: ChangeState, reason: String?, state: StoreState
    ) throws {
        let current = try state.connection.withStatement(
            "SELECT j.\"sequence\", \(Self.effectiveState) FROM \"_strata_journal\" AS j WHERE j.\"operationId\" = ?1"
        ) { statement -> (sequence: Int64, state: String)? in
            statement.bind(operationID, at: 1)
            return try statement.step() ? (statement.int64(at: 0), statement.text(at: 1)) : nil
        }
        guard let current, let currentState = ChangeState(rawValue: current.state), from.contains(currentState) else {
            throw Self.notFound(operationID, states: from.map(\.rawValue).sorted().joined(separator: " or "))
        }
        if target == .rejected {
            // A refused change holds what was refused, whatever happens to its row later.
            try JournalStoredRow.keepValues(
                of: current.sequence, state: state, cipher: try database.requireCipher(for: "the change journal"))
        }
        let sql = """
            UPDATE "_strata_journal" SET "state" = ?2, "reason" = ?3, "updatedAt" = ?4, "sent" = "sent" OR ?5
            WHERE "sequence" = ?1
            """
        try state.connection.withStatement(sql) { statement in
            statement.bind(.integer(current.sequence), at: 1)
            statement.bind(target.rawValue, at: 2)
            statement.bind(reason.map(FieldValue.text) ?? .null, at: 3)
            statement.bind(.real(database.clock.now().timeIntervalSince1970), at: 4)
            statement.bind(.integer(currentState == .inFlight ? 1 : 0), at: 5)
            try statement.step()
        }
        if currentState == .inFlight {
            try state.connection.withStatement(#"DELETE FROM "_strata_journal_claims" WHERE "sequence" = ?1"#) { statement in
                statement.bind(.integer(current.sequence), at: 1)
                try statement.step()
            }
        }
    }

    /// The changes `sql` selects (``columns``), payloads opened.
    func read(_ sql: String, bindings: [FieldValue], state: StoreState) throws -> [Change] {
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
                let operation = ChangeOperation(rawValue: statement.text(at: 4)) ?? .update
                let values: [String: FieldValue]
                let fields: [String]?
                if sealed.isEmpty {
                    // An insert kept by reference (no payload) sends its object's row as it is now.
                    values = try JournalStoredRow.values(
                        typeName: statement.text(at: 2), objectID: statement.text(at: 3), state: state, cipher: cipher, what: what)
                    fields = nil
                } else {
                    (values, fields) = try PayloadCodec.decodeChange(try cipher.open(Data(sealed), what: what), what: what)
                }
                var change =
                    Change(
                        operationID: operationID, typeName: statement.text(at: 2), objectID: statement.text(at: 3),
                        operation: operation, values: values,
                        scope: DataScope(rawValue: Int(statement.int64(at: 6))) ?? .group,
                        ownerUser: String(fieldValue: statement.value(at: 7)),
                        ownerGroup: String(fieldValue: statement.value(at: 8)), sequence: statement.int64(at: 0),
                        state: ChangeState(rawValue: statement.text(at: 9)) ?? .pending,
                        reason: String(fieldValue: statement.value(at: 10)),
                        createdAt: Date(timeIntervalSince1970: Double(fieldValue: statement.value(at: 11)) ?? 0),
                        // Only an update sets some fields (a folded insert sends the whole object).
                        fields: operation == .update ? fields : nil,
                        // An insert has one only when the object may be on the server already.
                        baseVersion: operation == .delete ? nil : Int64(fieldValue: statement.value(at: 12)),
                        policy: String(fieldValue: statement.value(at: 13)).flatMap(ConflictPolicy.init(rawValue:)),
                        conflictFields: String(fieldValue: statement.value(at: 14)).map(Self.fieldList),
                        current: try Self.current(statement.value(at: 15), cipher: cipher, what: what))
                // The parent it belongs to (a follow-up's report), named on the wire.
                if operation == .insert || operation == .update,
                    let parent = state.tables[StoreState.tableKey(change.typeName)]?.sharedParent,
                    case .text(let parentID)? = values[parent.key], !parentID.isEmpty
                {
                    change.parentType = parent.parentType
                    change.parentID = parentID
                }
                changes.append(change)
            }
            return changes
        }
    }

    /// Comma-separated keys as a list (empty text: none).
    static func fieldList(_ text: String) -> [String] {
        text.isEmpty ? [] : text.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
    }

    /// A refused change's stored server object (sealed JSON), or `nil`.
    static func current(_ stored: FieldValue, cipher: FieldCipher, what: String) throws -> WireObject? {
        guard case .blob(let sealed) = stored else { return nil }
        let json = try cipher.open(Data(sealed), what: "\(what)'s server object")
        do {
            return try WireCoding.decoder().decode(WireObject.self, from: json)
        } catch {
            throw DataError(.incompatibleStore, "\(what): the stored server object is not readable")
        }
    }

    static func notFound(_ operationID: String, states: String) -> DataError {
        DataError(.notFound, "no \(states) change has the operation id '\(operationID)'")
    }
}
