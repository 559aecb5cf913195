/// Everything an in-memory store holds, guarded by the store's mutex.
struct StoreState: Sendable {
    /// The Swift type registered under each type name; every other operation needs its type here.
    var owners: [String: ObjectIdentifier] = [:]
    /// One table per registered type name (a read-only store never creates one).
    var tables: [String: Table] = [:]
    /// Makes the ids of inserted objects.
    var ids = ObjectIDs()
}

/// One value-object type's rows, as the SQLite store keeps a table.
struct Table: Sendable {
    /// Each stored object's column values, by object id.
    var rows: [String: Row] = [:]
}
