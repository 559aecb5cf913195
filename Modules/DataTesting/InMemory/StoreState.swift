import StrataData

/// Everything an in-memory store holds, guarded by the store's mutex.
struct StoreState: Sendable {
    /// The Swift type registered under each type name; every other operation needs its type here.
    var owners: [String: ObjectIdentifier] = [:]
    /// The behaviour each registered type declared.
    var behaviours: [String: ValueObjectBehaviour] = [:]
    /// One table per registered type that keeps local rows (a read-only store never creates one).
    var tables: [String: Table] = [:]
    /// The outgoing changes of the types that go to the server.
    var journal = JournalState()
    /// When each type with a lifespan was last purged (seconds since 1970).
    var lastPurge: [String: Double] = [:]
    /// Makes the ids of inserted objects.
    var ids = ObjectIDs()
}

/// One value-object type's rows, as the SQLite store keeps a table.
struct Table: Sendable {
    /// Each stored object's column values, by object id.
    var rows: [String: Row] = [:]
    /// When each row was last stored (seconds since 1970, by the double's clock): the live
    /// store's `_storedAt`, which decides whether a row is past its lifespan.
    var storedAt: [String: Double] = [:]

    /// The rows readable at `cutoff` (every row when `nil`): those stored at or after it.
    func readableRows(cutoff: Double?) -> [String: Row] {
        guard let cutoff else { return rows }
        return rows.filter { (storedAt[$0.key] ?? 0) >= cutoff }
    }

    /// Removes one row; returns whether it was there.
    mutating func remove(_ id: String) -> Bool {
        storedAt[id] = nil
        return rows.removeValue(forKey: id) != nil
    }
}

extension ValueObjectBehaviour {
    /// The oldest store time still readable at `now`, or `nil` when the type has no lifespan
    /// (the live store's `freshnessCutoff`: a row exactly `lifespan` old is still readable).
    func freshnessCutoff(now: Double) -> Double? {
        lifespan.map { now - $0 }
    }
}
