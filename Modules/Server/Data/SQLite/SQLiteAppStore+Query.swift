import GRDB
import StrataWire

extension SQLiteAppStore {
    func query(_ query: ObjectQuery, visibility: ObjectVisibility) throws -> [StoredObject] {
        for case .text(let text) in query.conditions.flatMap(\.values) { try SQLiteText.check(text, what: "query value") }
        let select = try ObjectQuerySQL.select(query, visibility: visibility)
        return try SQLiteDatabase.mapping(file: file, "querying \(query.typeName)") {
            try pool.read { db in
                try Row.fetchAll(db, sql: select.sql, arguments: select.arguments).map(Self.object)
            }
        }
    }
}
