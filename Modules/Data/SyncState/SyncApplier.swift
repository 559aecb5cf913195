#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import Logging
import StrataCrossCutting
import StrataJournal
import StrataStore
import StrataWire

/// Writes one pulled page into local rows, in one write transaction with the type's new
/// cursor, without journal entries (the server is authoritative; nothing goes back).
///
/// The rule: a pulled object whose id still has a change in the journal (`pending`,
/// `inFlight` or `rejected`), or whose type has an unsent `deleteAll`, is skipped — the
/// local edit stays on top until it is sent. Encrypted keys are sealed (with their keyed
/// hash) as a save would; `_storedAt` is now, scope and owner are the server's.
struct SyncApplier: Sendable {
    let database: SQLiteDatabase

    /// Writes `page`, its overwrite notices (``SQLiteConflictStore/record(_:typeName:state:cipher:now:)``)
    /// and the type's new cursor in one write transaction.
    func apply(_ page: PullResponse, typeName: String, prepared: PreparedRows? = nil) throws -> PulledPageOutcome {
        try write(page.objects, typeName: typeName, prepared: prepared) { state, cipher, now in
            try SyncSettings.set([SyncStateKey.cursor(typeName).rawValue: String(page.cursor)], in: state.connection)
            return try SQLiteConflictStore.record(page.overwritten ?? [], typeName: typeName, state: state, cipher: cipher, now: now)
        }
    }

    /// Writes the server's versions of objects fetched one by one (a discarded change's
    /// object, `SyncStateKey/refetch(_:_:)`): `objects` as pulled, each of `missing` (the
    /// server has no such object for this user) deleted; and forgets every id's refetch mark,
    /// in one write transaction. The cursor stays where it is.
    func applyRefetched(_ objects: [WireObject], missing: [String], typeName: String) throws -> PulledPageOutcome {
        let gone = missing.map {
            WireObject(objectId: $0, values: [:], scope: 0, ownerUser: nil, ownerGroup: nil, deleted: true, version: 0)
        }
        return try write(objects + gone, typeName: typeName) { state, _, _ in
            let marks = (objects.map(\.objectId) + missing).map { (SyncStateKey.refetch(typeName, $0).rawValue, String?.none) }
            try SyncSettings.set(Dictionary(marks, uniquingKeysWith: { first, _ in first }), in: state.connection)
            return []
        }
    }

    /// Writes `objects` into `typeName`'s rows (deletes take their dependent rows along, see
    /// ``DependentRows``), then runs `finish` (its conflicts go to the outcome), in one write transaction.
    private func write(
        _ objects: [WireObject], typeName: String, prepared: PreparedRows? = nil,
        finish: (StoreState, FieldCipher, Double) throws -> [SyncConflict]
    ) throws -> PulledPageOutcome {
        let cipher = try database.requireCipher(for: "pulled \(typeName) objects")
        let now = prepared?.now ?? database.clock.now().timeIntervalSince1970
        let logger = database.logger
        return try database.write { state in
            var outcome = try write(
                objects, typeName: typeName, state: state, cipher: cipher, now: now, logger: logger, prepared: prepared)
            outcome.conflicts = try finish(state, cipher, now)
            return outcome
        }
    }

    /// Writes `objects` into `typeName`'s rows inside the caller's write transaction (see
    /// ``write(_:typeName:finish:)``), recording each written row's server version
    /// (``ServerVersions``) and forgetting the deleted ones'.
    func write(
        _ objects: [WireObject], typeName: String, state: StoreState, cipher: FieldCipher, now: Double, logger: Logger,
        prepared: PreparedRows? = nil
    ) throws -> PulledPageOutcome {
        guard let table = state.tables[StoreState.tableKey(typeName)], table.exists,
            table.behaviour.persistentType == .localAndServer
        else {
            throw DataError(.notRegistered, "cannot apply pulled \(typeName) objects: the type is not registered as localAndServer")
        }
        // Rows prepared off the lane are used only for the table they were prepared for.
        // The table's shape, made once for the page: what rows are prepared against, here or off the lane.
        let shape = PreparedRows.Shape(table)
        let rows = prepared.flatMap { $0.rows(for: objects, shape: shape) }
        var outcome = PulledPageOutcome()
        // The objects of a page mostly carry the same keys: one statement per key set, written,
        // prepared and found once for the page (not looked up by its text for every object).
        var upserts: [[Int]: SQLiteStatement] = [:]
        let versions = try state.connection.statement(ServerVersions.recordSQL)
        defer {
            for statement in upserts.values { statement.reset() }
            versions.reset()
        }
        var deleted: [String] = []
        // Applying a pulled object writes no journal entry, so the page's held objects are
        // known before its first write: one look-up for the page, not one per object.
        let held = try heldLocally(objects, typeName: typeName, connection: state.connection)
        for (position, object) in objects.enumerated() {
            if held.all || held.positions.contains(position) {
                outcome.keptLocal += 1
                continue
            }
            if object.deleted {
                try state.connection.withStatement(table.deleteSQL) { statement in
                    statement.bind(object.objectId, at: 1)
                    try statement.step()
                }
                deleted.append(object.objectId)
                outcome.written += 1
                continue
            }
            do {
                let row =
                    if let ready = rows?[position] ?? nil { try ready.get() } else {
                        try Self.prepare(object, table: shape, cipher: cipher, now: now)
                    }
                try upsert(row, table: table, statements: &upserts, connection: state.connection)
                try ServerVersions.record(table.typeName, object.objectId, version: object.version, using: versions)
                outcome.written += 1
            } catch let error as DataError where error.code == .typeMismatch || error.code == .duplicate {
                // One bad object (a wrong value kind, a unique-key clash) must not stop every pull of the type.
                logger.warning("skipped a pulled object", metadata: ["type": "\(typeName)", "error": "\(error.message)"])
                outcome.invalid += 1
            }
        }
        try ServerVersions.forget(table.typeName, deleted, in: state.connection)
        // Rows naming a deleted object go in the same transaction: nobody ever sees an orphan.
        try DependentRows(state: state, cipher: cipher).deleteDependents(of: typeName, ids: deleted)
        state.touch(typeName)
        return outcome
    }

    /// Which of `objects` a local change holds back: `all` when the type has an unsent
    /// `deleteAll` (its `*` entry, unless refused), else the positions in `objects` of those whose
    /// id has a change in the journal. Ids are matched by SQLite, byte for byte, as the journal
    /// stores them; positions, not ids, come back, so no other comparison of text is involved.
    private func heldLocally(
        _ objects: [WireObject], typeName: String, connection: SQLiteConnection
    ) throws -> (all: Bool, positions: Set<Int>) {
        let typeWide = try connection.withStatement(
            #"""
            SELECT 1 FROM "_strata_journal" WHERE "typeName" = ?1 AND "objectId" = '*' AND "state" <> 'rejected' LIMIT 1
            """#
        ) { statement in
            statement.bind(typeName, at: 1)
            return try statement.step()
        }
        guard !typeWide, !objects.isEmpty else { return (typeWide, []) }
        return try connection.withStatement(
            #"""
            SELECT page."key" FROM json_each(?2) AS page
            WHERE EXISTS (SELECT 1 FROM "_strata_journal" WHERE "typeName" = ?1 AND "objectId" = page."value")
            """#
        ) { statement in
            statement.bind(typeName, at: 1)
            statement.bind(.text(SQLiteChangeJournal.jsonArray(objects.map { SQLiteChangeJournal.jsonString($0.objectId) })), at: 2)
            var positions = Set<Int>()
            while try statement.step() { positions.insert(Int(statement.int64(at: 0))) }
            return (false, positions)
        }
    }

    /// The row of `object` (see ``PreparedRows/Row``): the keys it carries (others keep their
    /// value, or their default for a new row), each value checked against its field's type and
    /// sealed with its keyed hash when encrypted, then `_storedAt` (`now`), scope and owner.
    ///
    /// - Throws: `DataError` `typeMismatch` naming the object and the key whose value is of
    ///   another kind; `cannotOpen` when sealing fails.
    static func prepare(_ object: WireObject, table: PreparedRows.Shape, cipher: FieldCipher, now: Double) throws -> PreparedRows.Row {
        var carried: [Int] = []
        var values: [FieldValue] = [.text(object.objectId)]
        for index in table.keys.indices {
            guard let wire = object.values[table.keys[index]] else { continue }
            carried.append(index)
            let type = table.types[index]
            let value = type.normalized(FieldValue(wire: wire))
            guard Self.fits(value, type, nullable: table.nullable[index] || table.encrypted[index]) else {
                throw DataError(
                    .typeMismatch,
                    "\(table.typeName) '\(object.objectId)'.\(table.keys[index]) is \(value) on the server, not a \(type.rawValue)")
            }
            if table.encrypted[index] {
                values += [try cipher.seal(value), cipher.keyedHash(value)]
            } else {
                values.append(value)
            }
        }
        values += [
            .real(now), .integer(Int64(object.scope)), object.ownerUser.map(FieldValue.text) ?? .null,
            object.ownerGroup.map(FieldValue.text) ?? .null,
        ]
        return PreparedRows.Row(carried: carried, values: values)
    }

    /// Inserts or replaces a prepared row. `statements` keeps the statement prepared for each
    /// set of keys (the indexes of the table's fields carried); each run rewinds it first and
    /// binds every parameter.
    private func upsert(
        _ row: PreparedRows.Row, table: TableDefinition, statements: inout [[Int]: SQLiteStatement], connection: SQLiteConnection
    ) throws {
        let statement: SQLiteStatement
        if let prepared = statements[row.carried] {
            statement = prepared
            statement.rewind()
        } else {
            statement = try connection.statement(Self.upsertSQL(table: table, carrying: row.carried))
            statements[row.carried] = statement
        }
        statement.bind(row.values)
        try statement.step()
    }

    /// The `INSERT … ON CONFLICT DO UPDATE` of a row carrying the fields of `table` at `carried`
    /// (with their keyed hashes when encrypted), `_storedAt`, scope and owner, bound in that order.
    static func upsertSQL(table: TableDefinition, carrying carried: [Int]) -> String {
        var columns = ["objectId"]
        for index in carried {
            let key = table.fields[index].key
            columns += table.encrypted[index] ? [key, TableDefinition.hashColumn(key)] : [key]
        }
        columns += ["_storedAt", "_scope", "_ownerUser", "_ownerGroup"]
        let quoted = columns.map(TableDefinition.quote)
        return "INSERT INTO \(TableDefinition.quote(table.typeName)) (\(quoted.joined(separator: ", "))) VALUES ("
            + (1...columns.count).map { "?\($0)" }.joined(separator: ", ") + ") ON CONFLICT (\"objectId\") DO UPDATE SET "
            + quoted.dropFirst().map { "\($0) = excluded.\($0)" }.joined(separator: ", ")
    }

    /// Whether `value` is what a key of `type` stores.
    private static func fits(_ value: FieldValue, _ type: FieldType, nullable: Bool) -> Bool {
        switch (value, type) {
        case (.null, _): nullable
        case (.integer, .integer), (.integer, .bool), (.real, .real), (.real, .date), (.text, .text), (.blob, .blob): true
        default: false
        }
    }
}
