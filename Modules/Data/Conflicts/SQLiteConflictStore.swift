import StrataWire

/// The conflicts this device was told of, kept in its store (``SyncConflictStore``).
struct SQLiteConflictStore: SyncConflictStore {
    let database: SQLiteDatabase

    func recordOverwritten(_ notices: [WireOverwrite], typeName: String) async throws -> [SyncConflict] {
        throw DataError(.notFound, "conflicts are not recorded yet")
    }

    func conflicts() async throws -> [SyncConflict] { [] }

    func resolve(_ id: String, _ choice: ConflictChoice) async throws {
        throw DataError(.notFound, "no open conflict \(id)")
    }
}
