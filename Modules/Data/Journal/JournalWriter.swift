#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import StrataJournal
import StrataStore

/// Writes change records inside the caller's write transaction, coalescing repeated edits
/// of one object that has not been handed to the sync engine yet.
struct JournalWriter {
    let connection: SQLiteConnection
    let cipher: FieldCipher
    let now: Double
    /// The store's operation ids, in the order the changes are made.
    let operationIDs: OperationIDGenerator

    /// What the journal holds about one change to write.
    struct Entry {
        var typeName: String
        var objectID: String
        var operation: ChangeOperation
        var values: [String: FieldValue]
        var scope: DataScope
        var ownerUser: String?
        var ownerGroup: String?
        /// For an update: the keys of the fields it changed (`Change/fields`); `nil`, the
        /// whole object.
        var fields: [String]? = nil
        /// For an update: the row's known server version (`Change/baseVersion`). For an
        /// insert, `nil` (a new object) except for a row that may already be on the server (a
        /// follow-up saved before they synced, ``LocalOnlyRows``): `0`, made on no server copy.
        var baseVersion: Int64? = nil
        /// The type's conflict policy (`Change/policy`).
        var policy: ConflictPolicy? = nil
        /// Whether ``values`` are what the object's stored row holds now (a save of a type that
        /// keeps local rows): a new object's insert is then kept by reference
        /// (``JournalStoredRow``), and an edit folded into it rewrites nothing.
        var valuesInRow = false

        /// Whether this insert is kept by reference: a new object (no base version) whose row
        /// holds its values.
        var isKeptByReference: Bool { operation == .insert && valuesInRow && baseVersion == nil }
    }

    /// The newest change of one object, as a save reads it before writing (see ``newest(typeName:objectID:)``).
    struct Newest {
        var sequence: Int64
        var operation: ChangeOperation?
        /// Pending and never handed to the server (not claimed now, never claimed before): an
        /// edit may still be folded into it.
        var isUnsent: Bool
        /// The change has a base version (an insert with one may name an object the server
        /// holds already).
        var mayBeOnServer: Bool
        /// The change holds no payload (``JournalStoredRow``).
        var isKeptByReference: Bool
        /// The conflict policy it was recorded with.
        var policy: String?

        /// The change an edit is folded into, when there is one.
        var foldable: Newest? { isUnsent && operation != nil ? self : nil }

        /// Whether an edit of the object would be folded into this change without reading the
        /// edit's base version: folded into an unsent insert or update (an update keeps the
        /// first edit's base), which ``Entry/baseVersion`` is then not read for.
        var absorbsUpdateBase: Bool { foldable != nil && (operation == .insert || operation == .update) }

        /// Whether an edit of the object whose row holds its values (``Entry/valuesInRow``) is
        /// absorbed by this change without reading the edit's values: an unsent insert kept by
        /// reference, which sends the row as it is then (``record(_:foldingInto:)``'s first rule).
        var absorbsEditOfRow: Bool { foldable != nil && operation == .insert && isKeptByReference }

        /// Whether a change of this object kept by reference may have to take its values before
        /// the row is rewritten or deleted (``JournalStoredRow/keepValues(typeName:objectIDs:state:cipher:)``):
        /// only one that was handed to the server or refused, which an unsent newest change rules
        /// out (every path that queues a change behind such a change seals it first, and a
        /// refused change is sealed when it is refused).
        var mayHoldSentReference: Bool { !isUnsent }
    }

    /// The newest change of `objectID` of `typeName` in the journal, whatever its state (one
    /// look-up of the by-object index); `nil` when it has none.
    func newest(typeName: String, objectID: String) throws -> Newest? {
        // A claimed change (a row in `_strata_journal_claims`) is in flight: handed to the server.
        let sql = """
            SELECT "sequence", "operation", "state", "sent" OR "sequence" IN (SELECT "sequence" FROM "_strata_journal_claims"),
                "baseVersion" IS NOT NULL, length("payload") = 0, "policy"
            FROM "_strata_journal" WHERE "typeName" = ?1 AND "objectId" = ?2 ORDER BY "sequence" DESC LIMIT 1
            """
        return try connection.withStatement(sql) { statement in
            statement.bind(typeName, at: 1)
            statement.bind(objectID, at: 2)
            guard try statement.step() else { return nil }
            return Newest(
                sequence: statement.int64(at: 0), operation: ChangeOperation(rawValue: statement.text(at: 1)),
                isUnsent: statement.text(at: 2) == ChangeState.pending.rawValue && statement.int64(at: 3) == 0,
                mayBeOnServer: statement.int64(at: 4) != 0, isKeptByReference: statement.int64(at: 5) != 0,
                policy: String(fieldValue: statement.value(at: 6)))
        }
    }

    /// Records `entry`. `isNewObject` skips the coalescing look-up for ids made just now.
    func record(_ entry: Entry, isNewObject: Bool) throws {
        try record(entry, foldingInto: isNewObject ? nil : newest(typeName: entry.typeName, objectID: entry.objectID)?.foldable)
    }

    /// Records `entry`, folding it into `pending` (the object's newest change, unsent, which the
    /// caller read in this transaction: ``Newest/foldable``) when the coalescing rules allow;
    /// `nil`, a new change.
    func record(_ entry: Entry, foldingInto pending: Newest?) throws {
        if let pending, let pendingOperation = pending.operation {
            switch (pendingOperation, entry.operation) {
            case (.insert, .update) where pending.isKeptByReference && entry.valuesInRow:
                // Still new to the server, and the row it sends is the one just saved: nothing
                // to write unless the type's policy changed since.
                if pending.policy == entry.policy?.rawValue { return }
                return try touch(pending.sequence, entry: entry)
            case (.insert, .update):
                // Still new to the server: the whole object goes (by reference when the row
                // holds it and no server copy may exist).
                var insert = entry
                insert.operation = .insert
                insert.baseVersion = pending.mayBeOnServer ? 0 : nil
                return try replace(pending.sequence, operation: .insert, entry: insert, fields: nil)
            case (.insert, .delete) where pending.mayBeOnServer:
                // An insert with a base (a follow-up saved before they synced, ``LocalOnlyRows``)
                // may name an object the server holds already: the delete must go.
                return try replace(pending.sequence, operation: .delete, entry: entry, fields: nil)
            case (.insert, .delete):
                // Never reached the server: nothing to send at all.
                return try remove(pending.sequence)
            case (.update, .update):
                // One update carrying both edits' fields.
                let fields = try entry.fields == nil ? nil : PayloadCodec.union(pendingFields(pending.sequence), entry.fields)
                return try replace(pending.sequence, operation: .update, entry: entry, fields: fields)
            case (.update, .delete):
                return try replace(pending.sequence, operation: .delete, entry: entry, fields: nil)
            default:
                break
            }
        }
        try insert(entry)
    }

    /// The fields of the journal row `sequence`'s change (`nil`: the whole object).
    func pendingFields(_ sequence: Int64) throws -> [String]? {
        try payload(sequence)?.fields
    }

    /// Rewrites the journal row `sequence`'s payload with `fields` in place of the fields it names.
    func setFields(_ fields: [String]?, of sequence: Int64) throws {
        guard let values = try payload(sequence)?.values else { return }
        let payload = try cipher.seal(PayloadCodec.encode(values, fields: fields))
        try connection.withStatement(#"UPDATE "_strata_journal" SET "payload" = ?2 WHERE "sequence" = ?1"#) { statement in
            statement.bind(.integer(sequence), at: 1)
            statement.bind(.blob([UInt8](payload)), at: 2)
            try statement.step()
        }
    }

    /// Sets `values` in the journal row `sequence`'s change and, for an update listing its
    /// fields, adds their keys to the list (a conflict settled with merged values).
    func merge(_ values: [String: FieldValue], into sequence: Int64) throws {
        guard let stored = try payload(sequence) else { return }
        let fields = stored.fields.map { listed in listed + values.keys.sorted().filter { !listed.contains($0) } }
        let payload = try cipher.seal(PayloadCodec.encode(stored.values.merging(values) { _, new in new }, fields: fields))
        try connection.withStatement(#"UPDATE "_strata_journal" SET "payload" = ?2 WHERE "sequence" = ?1"#) { statement in
            statement.bind(.integer(sequence), at: 1)
            statement.bind(.blob([UInt8](payload)), at: 2)
            try statement.step()
        }
    }

    /// The journal row `sequence`'s payload, opened.
    private func payload(_ sequence: Int64) throws -> (values: [String: FieldValue], fields: [String]?)? {
        let sealed = try connection.withStatement(#"SELECT "payload" FROM "_strata_journal" WHERE "sequence" = ?1"#) {
            statement -> [UInt8]? in
            statement.bind(.integer(sequence), at: 1)
            guard try statement.step(), case .blob(let bytes) = statement.value(at: 0) else { return nil }
            return bytes
        }
        guard let sealed else { return nil }
        let what = "the journal's change \(sequence)"
        // Only a pending insert is kept by reference; updates (whose fields are read and
        // rewritten here) and rejected changes always hold their payload.
        guard !sealed.isEmpty else {
            throw DataError(.incompatibleStore, "\(what) keeps its values in its object's row; it has no payload to rewrite")
        }
        return try PayloadCodec.decodeChange(try cipher.open(Data(sealed), what: what), what: what)
    }

    private func insert(_ entry: Entry) throws {
        let sql = """
            INSERT INTO "_strata_journal" ("operationId", "typeName", "objectId", "operation", "payload", "scope",
                "ownerUser", "ownerGroup", "state", "createdAt", "updatedAt", "baseVersion", "policy")
            VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, 'pending', ?9, ?9, ?10, ?11)
            """
        let payload = try sealedPayload(entry, fields: entry.operation == .update ? entry.fields : nil)
        try connection.withStatement(sql) { statement in
            statement.bind(operationIDs.next(at: now), at: 1)
            statement.bind(entry.typeName, at: 2)
            statement.bind(entry.objectID, at: 3)
            statement.bind(entry.operation.rawValue, at: 4)
            statement.bind(.blob(payload), at: 5)
            statement.bind(.integer(Int64(entry.scope.rawValue)), at: 6)
            statement.bind(entry.ownerUser.map(FieldValue.text) ?? .null, at: 7)
            statement.bind(entry.ownerGroup.map(FieldValue.text) ?? .null, at: 8)
            statement.bind(.real(now), at: 9)
            statement.bind(entry.operation == .delete ? .null : entry.baseVersion.map(FieldValue.integer) ?? .null, at: 10)
            statement.bind(entry.policy.map { FieldValue.text($0.rawValue) } ?? .null, at: 11)
            try statement.step()
        }
    }

    /// The payload `entry` is stored with: nothing for an insert kept by reference
    /// (``JournalStoredRow``), else its values (and `fields`) sealed.
    private func sealedPayload(_ entry: Entry, fields: [String]?) throws -> [UInt8] {
        try entry.isKeptByReference ? JournalStoredRow.marker : Array(cipher.seal(PayloadCodec.encode(entry.values, fields: fields)))
    }

    /// An edit folded into an insert kept by reference whose type's policy changed since: the
    /// row holds the new values already, so only the policy (and the change's time) is written.
    /// (`updatedAt` is read only of rejected changes; a fold that writes nothing leaves it.)
    private func touch(_ sequence: Int64, entry: Entry) throws {
        let sql = #"UPDATE "_strata_journal" SET "updatedAt" = ?2, "policy" = ?3 WHERE "sequence" = ?1"#
        try connection.withStatement(sql) { statement in
            statement.bind(.integer(sequence), at: 1)
            statement.bind(.real(now), at: 2)
            statement.bind(entry.policy.map { FieldValue.text($0.rawValue) } ?? .null, at: 3)
            try statement.step()
        }
    }

    /// Rewrites an unsent change in place; an update folded into an update, or into an insert
    /// that has one (``Entry/baseVersion``), keeps the first change's base version (the copy
    /// the edits were first made on), any other fold has none.
    private func replace(_ sequence: Int64, operation: ChangeOperation, entry: Entry, fields: [String]?) throws {
        let sql = """
            UPDATE "_strata_journal" SET "operation" = ?2, "payload" = ?3, "updatedAt" = ?4, "policy" = ?5,
                "baseVersion" = CASE WHEN ?2 IN ('update', 'insert') THEN "baseVersion" END
            WHERE "sequence" = ?1
            """
        let payload = try sealedPayload(entry, fields: fields)
        try connection.withStatement(sql) { statement in
            statement.bind(.integer(sequence), at: 1)
            statement.bind(operation.rawValue, at: 2)
            statement.bind(.blob(payload), at: 3)
            statement.bind(.real(now), at: 4)
            statement.bind(entry.policy.map { FieldValue.text($0.rawValue) } ?? .null, at: 5)
            try statement.step()
        }
    }

    private func remove(_ sequence: Int64) throws {
        try connection.withStatement(#"DELETE FROM "_strata_journal" WHERE "sequence" = ?1"#) { statement in
            statement.bind(.integer(sequence), at: 1)
            try statement.step()
        }
    }
}
