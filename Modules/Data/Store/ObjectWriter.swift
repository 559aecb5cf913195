import CSQLite
import StrataJournal
import StrataStore

/// Writes objects of one registered type inside the caller's write transaction: the local
/// row (sealing encrypted keys) when the type keeps local rows, and the change record when
/// it sends changes.
struct ObjectWriter {
    let table: TableDefinition
    let state: StoreState
    let context: WriteContext

    /// What every write in one transaction shares.
    struct WriteContext: Sendable {
        var now: Double
        var ownerUser: String?
        var ownerGroup: String?
        var cipher: FieldCipher
    }

    private var connection: SQLiteConnection { state.connection }

    /// Inserts objects without an id (giving them one) and updates the others.
    func save<Object: ValueObject>(_ objects: [Object]) throws -> [Object] {
        guard state.connection.access == .readWrite else {
            throw DataError(.readOnly, "the store \(connection.path) is open read-only; writes are not allowed")
        }
        let schema = Object.schema
        let behaviour = schema.behaviour
        var saved: [Object] = []
        saved.reserveCapacity(objects.count)
        var insert: SQLiteStatement?
        var update: SQLiteStatement?
        let parent = ParentVisibility(table: table, state: state)
        let declared = ParentVisibility.Stamp(scope: behaviour.scope, ownerGroup: context.ownerGroup)
        defer {
            insert?.reset()
            update?.reset()
        }
        let readers = schema.readers
        // One buffer for the batch: each field is read by calling its reader from it.
        try readers.withUnsafeBufferPointer { readers in
            for var object in objects {
                let isNew = object.objectId == nil
                let id = object.objectId ?? state.ids.next()
                // An edit of a synced object reads its newest change once: what it folds into, and
                // whether a change kept by reference must take its values before the row is rewritten.
                let newest = isNew || !behaviour.sendsChanges ? nil : try journal.newest(typeName: table.typeName, objectID: id)
                // An update sends the fields it changed, compared with the row it rewrites (read first).
                let changed =
                    isNew || !behaviour.sendsChanges
                    ? nil : try changedFields(object, id: id, schema: schema, sealing: newest?.mayHoldSentReference ?? false)
                let stamp = try parent?.stamp(of: object, fallback: declared) ?? declared
                if behaviour.keepsLocalRows {
                    let statement: SQLiteStatement
                    if isNew {
                        statement = try insert ?? connection.statement(table.insertSQL)
                        insert = statement
                    } else if let changed {
                        // Only the changed columns: the indexes of the others are not rewritten.
                        statement = try connection.statement(
                            state.partialUpdateSQL(table, changing: changed) { updateSQL(changing: changed) })
                    } else {
                        statement = try update ?? connection.statement(table.updateSQL)
                        update = statement
                    }
                    try bindRow(object, id: id, schema: schema, readers: readers, stamp: stamp, only: changed, to: statement)
                    let code = try statement.run()
                    if code != SQLITE_DONE { throw failure(code, statement: statement, object: object) }
                    statement.rewind()
                    if !isNew && connection.changes == 0 {
                        throw DataError(
                            .notFound, "\(table.typeName) '\(id)' is not stored (it may have been deleted); nothing was saved")
                    }
                }
                if behaviour.sendsChanges {
                    let pending = newest?.foldable
                    // An edit folded into an insert kept by reference sends the row: its values are not read.
                    let absorbed = behaviour.keepsLocalRows && pending?.absorbsEditOfRow == true
                    let values = absorbed ? [:] : Self.values(of: object, schema: schema)
                    var change = entry(id, isNew ? .insert : .update, values, behaviour, stamp: stamp)
                    change.fields = changed
                    change.valuesInRow = behaviour.keepsLocalRows
                    // The copy this edit was made on: the version the row was last pulled at (not
                    // read when the edit folds into an unsent change, which keeps its own).
                    if !isNew && !(pending?.absorbsUpdateBase ?? false) {
                        change.baseVersion = try ServerVersions.known(table.typeName, id, in: connection)
                    }
                    try journal.record(change, foldingInto: pending)
                }
                object.objectId = id
                saved.append(object)
            }
        }
        state.touch(table.typeName)
        try state.purgeExpiredPeriodically(table, now: context.now)
        return saved
    }

    /// Deletes objects by id; returns how many local rows went (for a server-only type: how
    /// many deletes were recorded).
    func delete<Object: ValueObject>(_ objects: [Object]) throws -> Int {
        let behaviour = Object.schema.behaviour
        var deleted = 0
        for object in objects {
            guard let id = object.objectId else {
                throw DataError(.notFound, "cannot delete a \(table.typeName) that was never saved (it has no objectId)")
            }
            if behaviour.keepsLocalRows && table.exists {
                // A change kept by reference that outlives the row takes its values first.
                if behaviour.sendsChanges {
                    try JournalStoredRow.keepValues(typeName: table.typeName, objectIDs: [id], state: state, cipher: context.cipher)
                }
                try connection.withStatement(table.deleteSQL) { statement in
                    statement.bind(id, at: 1)
                    try statement.step()
                }
                deleted += connection.changes
                try ServerVersions.forget(table.typeName, [id], in: connection)
            } else {
                deleted += 1
            }
            if behaviour.sendsChanges {
                try journal.record(entry(id, .delete, [:], behaviour), isNewObject: false)
            }
        }
        state.touch(table.typeName)
        return deleted
    }

    /// Deletes every object of the type: the local rows, and (for a type that goes to the
    /// server) one `deleteAll` change replacing the type's unsent changes.
    func deleteAll(behaviour: ValueObjectBehaviour) throws -> Int {
        var deleted = 0
        if behaviour.keepsLocalRows && table.exists {
            if behaviour.sendsChanges {
                try JournalStoredRow.keepValues(typeName: table.typeName, objectIDs: nil, state: state, cipher: context.cipher)
            }
            try connection.withStatement(table.deleteAllSQL) { _ = try $0.step() }
            deleted = connection.changes
            try ServerVersions.forgetAll(table.typeName, in: connection)
        }
        if behaviour.sendsChanges {
            try connection.withStatement(
                // Pending, not claimed: a change in flight stays and is settled by its answer.
                #"""
                DELETE FROM "_strata_journal" WHERE "typeName" = ?1 AND "state" = 'pending'
                  AND "sequence" NOT IN (SELECT "sequence" FROM "_strata_journal_claims")
                """#
            ) { statement in
                statement.bind(table.typeName, at: 1)
                try statement.step()
            }
            try journal.record(entry("*", .deleteAll, [:], behaviour), isNewObject: true)
        }
        state.touch(table.typeName)
        return deleted
    }

    /// Every field of `object` by key: what a change of it sends.
    static func values<Object: ValueObject>(of object: Object, schema: ValueObjectSchema<Object>) -> [String: FieldValue] {
        let fields = schema.fields
        var values: [String: FieldValue] = [:]
        values.reserveCapacity(fields.count)
        for offset in 0..<fields.count { values[fields[offset].key] = fields[offset].value(in: object) }
        return values
    }

    private var journal: JournalWriter {
        JournalWriter(connection: connection, cipher: context.cipher, now: context.now, operationIDs: state.operationIDs)
    }

    private func entry(
        _ id: String, _ operation: ChangeOperation, _ values: [String: FieldValue], _ behaviour: ValueObjectBehaviour,
        stamp: ParentVisibility.Stamp? = nil
    ) -> JournalWriter.Entry {
        JournalWriter.Entry(
            typeName: table.typeName, objectID: id, operation: operation, values: values,
            scope: stamp?.scope ?? behaviour.scope, ownerUser: context.ownerUser,
            ownerGroup: stamp.map(\.ownerGroup) ?? context.ownerGroup, policy: behaviour.conflictPolicy)
    }

    /// Binds one row: id, fields (encrypted ones sealed), `_storedAt`, scope, owner, hashes.
    /// `only`: the changed keys a partial `UPDATE` sets (``updateSQL(changing:)``, schema
    /// order); the other fields' parameters are not in it, so they are not bound (unencrypted
    /// types; an encrypted type binds every field, as a full row).
    private func bindRow<Object: ValueObject>(
        _ object: Object, id: String, schema: ValueObjectSchema<Object>, readers: UnsafeBufferPointer<@Sendable (Object) -> FieldValue>,
        stamp: ParentVisibility.Stamp, only changed: [String]? = nil, to statement: SQLiteStatement
    ) throws {
        statement.bind(id, at: 1)
        var index: Int32 = 2
        var hashes: [FieldValue] = []
        // Index loops: this code is not specialized for `Object`, and a sequence's iterator over
        // its fields would go through witness tables and run-time metadata at every step.
        let fields = schema.fields
        if table.hasEncryptedKeys {
            for offset in 0..<fields.count {
                let field = fields[offset]
                let value = field.value(in: object)
                if table.encrypted[offset] {
                    let value = field.type.normalized(value)
                    statement.bind(try context.cipher.seal(value), at: index)
                    hashes.append(context.cipher.keyedHash(value))
                } else {
                    statement.bind(value, at: index)
                }
                index += 1
            }
        } else if let changed {
            // An edit's partial UPDATE: only the fields it sets.
            var next = 0
            for offset in 0..<fields.count where next < changed.count && fields[offset].key == changed[next] {
                statement.bind(fields[offset].value(in: object), at: index + Int32(offset))
                next += 1
            }
            index += Int32(fields.count)
        } else {
            // The hot path of bulk saves: no per-field branching, and each reader called from
            // the batch's buffer (`fields[offset]` would copy the field for every value).
            for offset in 0..<readers.count {
                statement.bind(readers[offset](object), at: index)
                index += 1
            }
        }
        statement.bind(.real(context.now), at: index)
        statement.bind(.integer(Int64(stamp.scope.rawValue)), at: index + 1)
        statement.bind(context.ownerUser.map(FieldValue.text) ?? .null, at: index + 2)
        statement.bind(stamp.ownerGroup.map(FieldValue.text) ?? .null, at: index + 3)
        for (offset, hash) in hashes.enumerated() { statement.bind(hash, at: index + 4 + Int32(offset)) }
    }

    /// The error for a failed insert or update; a unique-key clash names the key and value.
    private func failure<Object: ValueObject>(_ code: Int32, statement: SQLiteStatement, object: Object) -> DataError {
        let base = connection.error(code, doing: statement.sql)
        guard code & 0xff == SQLITE_CONSTRAINT else { return base }
        let schema = Object.schema
        for key in schema.uniqueKeys {
            let column = schema.isEncrypted(key) ? TableDefinition.hashColumn(key) : key
            guard base.message.contains("\(schema.typeName).\(column)") else { continue }
            let value = schema.field(forKey: key).map { $0.value(in: object) } ?? .null
            return DataError(.duplicate, "\(schema.typeName).\(key) \(value) is already stored; it must be unique")
        }
        return DataError(.duplicate, "\(schema.typeName): \(base.message)")
    }
}
