import GRDB

/// A database's schema as an ordered list of migrations, the number applied recorded in
/// `PRAGMA user_version`.
///
/// The pending ones run in one IMMEDIATE transaction that first takes the write lock, then reads
/// the version: two processes opening the same file at once (the server and an admin command)
/// run each migration once, in order, and a crash leaves all of them or none. A database made
/// before versions were recorded (`user_version` 0) runs them all, so the first must only create
/// what is missing.
struct SQLiteMigrations: Sendable {
    /// A name for messages, and what the migration does.
    typealias Migration = (name: String, run: @Sendable (Database) throws -> Void)

    /// The migrations, oldest first; never reorder or remove one, only append.
    let migrations: [Migration]

    /// Runs the migrations `pool`'s database has not run yet; returns those it ran
    /// (`<number> <name>`), none when the database was current.
    @discardableResult
    func run(on pool: DatabasePool) throws -> [String] {
        var names: [String] = []
        try pool.writeWithoutTransaction { db in
            try db.inTransaction(.immediate) {
                let applied = try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0
                guard applied <= migrations.count else {
                    throw ServerDataError(
                        .cannotOpen,
                        "the database has schema version \(applied), newer than this server's \(migrations.count)")
                }
                for (number, migration) in migrations.enumerated().dropFirst(applied) {
                    do {
                        try migration.run(db)
                        names.append("\(number + 1) \(migration.name)")
                    } catch {
                        throw ServerDataError(.cannotOpen, "migration \(number + 1) (\(migration.name)) failed: \(error)")
                    }
                }
                if applied < migrations.count { try db.execute(sql: "PRAGMA user_version = \(migrations.count)") }
                return .commit
            }
        }
        return names
    }
}
