import Synchronization

/// The registered tables as of the last registration, readable from any thread without the
/// store's lane: what work done off the lane ahead of a write needs (a pulled page prepared,
/// `SQLiteSyncState.preparePulled`). ``StoreState`` keeps it in step (``StoreState/remember(_:)``);
/// the lane's own copy stays the one every write decides with.
final class RegisteredTables: Sendable {
    private let tables = Mutex<[String: TableDefinition]>([:])

    /// The table registered for `typeName` (matched as SQLite matches table names), or `nil`.
    func table(_ typeName: String) -> TableDefinition? {
        tables.withLock { $0[StoreState.tableKey(typeName)] }
    }

    /// Records `table` as its type's registration.
    func remember(_ table: TableDefinition) {
        tables.withLock { $0[StoreState.tableKey(table.typeName)] = table }
    }
}
