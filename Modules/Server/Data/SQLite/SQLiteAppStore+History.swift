import GRDB

/// The app version's history position (see ``AppObjectStore/head()``).
extension SQLiteAppStore {
    func head() async throws -> Int64 {
        try await database.read("reading the change counter") { db in
            try Int64.fetchOne(db, sql: "SELECT value FROM counter WHERE id = 1") ?? 0
        }
    }
}
