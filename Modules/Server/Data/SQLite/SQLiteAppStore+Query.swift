import GRDB
import StrataWire

extension SQLiteAppStore {
    func query(_ query: ObjectQuery, visibility: ObjectVisibility) async throws -> [StoredObject] {
        for case .text(let text) in query.conditions.flatMap(\.values) { try SQLiteText.check(text, what: "query value") }
        let select = try ObjectQuerySQL.select(query, visibility: visibility)
        return try await database.read("querying \(query.typeName)") { db in
            try Row.fetchAll(db, sql: select.sql, arguments: select.arguments).map(Self.object)
        }
    }
}
