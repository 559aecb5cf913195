#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import StrataStore

/// A pending insert kept by reference (store format 8): the insert of a new object of a type
/// that keeps local rows stores no payload (an empty blob), because the object's stored row
/// holds exactly what it would say — the values the insert goes with are read from the row when
/// the change is read (claimed, listed), encrypted fields opened there, and an edit folded into
/// it rewrites nothing but the row.
///
/// Why that is safe: only a brand-new object's insert is kept so (no base version: no server
/// copy), and while the object has a change in the journal nothing rewrites its row but a
/// journalled save (a pull passes over it, a purge keeps it). A row may still leave with a
/// change that stays — one in flight or sent before (a delete queues behind it), a rejected
/// one, a revoked object's — so every path that deletes such a row first calls
/// ``keepValues(typeName:objectIDs:state:cipher:)``, which writes the sealed payload into the
/// change as an insert of an earlier build had it. A change that is rejected gets its payload
/// too (``SQLiteChangeJournal``'s reject), so a refused change always holds what was refused.
/// An edit of an object whose insert was handed to the server (claimed, or put back after a
/// lost answer) seals the insert's values too, before the row is rewritten (the changed-fields
/// look-up does it): a change once sent is never rewritten, and the edit queues behind it.
///
/// No patient value is written in the clear: the change holds nothing, and the row keeps its
/// encrypted fields sealed.
enum JournalStoredRow {
    /// The payload of a change kept by reference.
    static let marker: [UInt8] = []

    /// The values of `objectID`'s stored row of `typeName`, encrypted fields opened: what the
    /// insert `what` kept by reference sends.
    static func values(typeName: String, objectID: String, state: StoreState, cipher: FieldCipher, what: String) throws
        -> [String: FieldValue]
    {
        guard let table = state.tables[StoreState.tableKey(typeName)], table.exists else {
            throw DataError(
                .notRegistered,
                "\(what) keeps its values in its \(typeName) row, and \(typeName) is not registered in this process; register it to send or read the change")
        }
        // The fetch by id's SQL, built at registration: `objectId`, then each field at its
        // `readPositions` (every field, in a writable store, whose registration completed the table).
        return try state.connection.withStatement(table.fetchSQL) { statement in
            statement.bind(objectID, at: 1)
            guard try statement.step() else {
                throw DataError(
                    .incompatibleStore, "\(what) keeps its values in \(typeName) '\(objectID)''s row, which is no longer stored")
            }
            var values: [String: FieldValue] = [:]
            values.reserveCapacity(table.fields.count)
            for (index, field) in table.fields.enumerated() {
                guard let position = table.readPositions[index] else { continue }
                let stored = statement.value(at: position)
                values[field.key] =
                    table.encrypted[index] ? try cipher.open(stored, as: field.type, what: "\(typeName) '\(objectID)'.\(field.key)") : stored
            }
            return values
        }
    }

    /// Writes the payload of every change of `objectIDs` of `typeName` (every object of the
    /// type when `nil`) kept by reference that will outlive the row about to be deleted: one in
    /// flight, sent before or rejected (a pending one is folded away or deleted with the row by
    /// the caller). Call it before deleting the rows, inside the same write transaction.
    static func keepValues(typeName: String, objectIDs: [String]?, state: StoreState, cipher: FieldCipher?) throws {
        let sql = """
            SELECT "sequence", "objectId", "operationId" FROM "_strata_journal"
            WHERE "typeName" = ?1 AND "objectId" = ?2 AND length("payload") = 0 AND ("sent" OR "state" = 'rejected'
              OR "sequence" IN (SELECT "sequence" FROM "_strata_journal_claims"))
            """
        let everySQL = """
            SELECT "sequence", "objectId", "operationId" FROM "_strata_journal"
            WHERE "typeName" = ?1 AND length("payload") = 0 AND ("sent" OR "state" = 'rejected'
              OR "sequence" IN (SELECT "sequence" FROM "_strata_journal_claims"))
            """
        var kept: [(sequence: Int64, objectID: String, operationID: String)] = []
        try state.connection.withStatement(objectIDs == nil ? everySQL : sql) { statement in
            for objectID in objectIDs ?? [""] {
                statement.rewind()
                statement.bind(typeName, at: 1)
                if objectIDs != nil { statement.bind(objectID, at: 2) }
                while try statement.step() { kept.append((statement.int64(at: 0), statement.text(at: 1), statement.text(at: 2))) }
            }
        }
        guard !kept.isEmpty else { return }
        guard let cipher else {
            throw DataError(.cannotOpen, "the journal's changes of \(typeName) cannot keep their values: the store's key is not loaded")
        }
        for change in kept {
            let stored = try Self.values(
                typeName: typeName, objectID: change.objectID, state: state, cipher: cipher, what: "change \(change.operationID)")
            try setPayload(Array(cipher.seal(PayloadCodec.encode(stored))), of: change.sequence, in: state.connection)
        }
    }

    /// Writes the payload of the change `sequence` when it is kept by reference (before it
    /// is rejected: a refused change holds what was refused).
    static func keepValues(of sequence: Int64, state: StoreState, cipher: FieldCipher) throws {
        let reference = try state.connection.withStatement(
            #"SELECT "typeName", "objectId", "operationId" FROM "_strata_journal" WHERE "sequence" = ?1 AND length("payload") = 0"#
        ) { statement -> (typeName: String, objectID: String, operationID: String)? in
            statement.bind(.integer(sequence), at: 1)
            return try statement.step() ? (statement.text(at: 0), statement.text(at: 1), statement.text(at: 2)) : nil
        }
        guard let reference else { return }
        let stored = try Self.values(
            typeName: reference.typeName, objectID: reference.objectID, state: state, cipher: cipher,
            what: "change \(reference.operationID)")
        try setPayload(Array(cipher.seal(PayloadCodec.encode(stored))), of: sequence, in: state.connection)
    }

    private static func setPayload(_ payload: [UInt8], of sequence: Int64, in connection: SQLiteConnection) throws {
        try connection.withStatement(#"UPDATE "_strata_journal" SET "payload" = ?2 WHERE "sequence" = ?1"#) { statement in
            statement.bind(.integer(sequence), at: 1)
            statement.bind(.blob(payload), at: 2)
            try statement.step()
        }
    }
}
