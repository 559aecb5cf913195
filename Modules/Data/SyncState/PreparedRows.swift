import StrataStore
import StrataWire

/// A pulled page's rows made ready off the store's lane (`SQLiteSyncState.preparePulled`):
/// each object's values checked against its field's type, its encrypted keys sealed with their
/// keyed hashes, and its upsert's parameters laid out, so the write transaction only binds and
/// steps them.
///
/// Nothing here decides what the transaction decides: which objects a local change holds back
/// is looked up in it, as before. The rows are used only for the page and the table they were
/// prepared for (``rows(for:shape:)``); a type registered again in between (other fields,
/// other encrypted keys) gets its page prepared again inside the transaction.
struct PreparedRows: Sendable {
    /// What rows are prepared against: the table's fields, in order, with their types, whether
    /// each may hold null, and whether each is encrypted.
    struct Shape: Sendable, Equatable {
        let typeName: String
        let keys: [String]
        let types: [FieldType]
        let nullable: [Bool]
        let encrypted: [Bool]

        /// The shape of `table` as registered.
        init(_ table: TableDefinition) {
            typeName = table.typeName
            keys = table.fields.map(\.key)
            types = table.fields.map(\.type)
            nullable = table.fields.map(\.isNullable)
            encrypted = table.encrypted
        }
    }

    /// One object's upsert: the indexes of the table's fields it carries (which statement it
    /// needs) and every parameter, in order: its id, each carried value (an encrypted one sealed,
    /// followed by its keyed hash), `_storedAt`, scope, owner user and owner group.
    struct Row: Sendable {
        let carried: [Int]
        let values: [FieldValue]
    }

    /// The table the rows were prepared for.
    let shape: Shape
    /// The `_storedAt` the rows carry: when the page was prepared.
    let now: Double
    /// The page's objects the rows were made from.
    let objects: [WireObject]
    /// One per object of the page: its row, the error preparing it failed with (a value of the
    /// wrong kind: that object is skipped when the page is written), or `nil` for a deletion.
    let rows: [Result<Row, DataError>?]

    /// Prepares every object of a page for `table` (pure work: no SQLite, no lane needed).
    init(_ objects: [WireObject], table: TableDefinition, cipher: FieldCipher, now: Double) {
        let shape = Shape(table)
        self.shape = shape
        self.now = now
        self.objects = objects
        rows = objects.map { object in
            guard !object.deleted else { return nil }
            do {
                return .success(try SyncApplier.prepare(object, table: shape, cipher: cipher, now: now))
            } catch let error as DataError {
                return .failure(error)
            } catch {
                return .failure(DataError(.cannotOpen, "cannot prepare pulled \(table.typeName) '\(object.objectId)': \(error)"))
            }
        }
    }

    /// The rows, when they were prepared from exactly `objects` (equal objects, in order: the
    /// same array, as the engine passes it, compares at once) for a table of `shape`;
    /// otherwise `nil`, and the caller prepares each object itself.
    func rows(for objects: [WireObject], shape: Shape) -> [Result<Row, DataError>?]? {
        guard objects == self.objects, self.shape == shape else { return nil }
        return rows
    }
}
