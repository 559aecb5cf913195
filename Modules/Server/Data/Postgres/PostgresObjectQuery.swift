import Foundation
import StrataWire

/// Turns an ``ObjectQuery`` into one `SELECT` over the `objects` table, filtering and sorting on
/// `values_json` with PostgreSQL's JSON operators, with the SQLite engine's answers
/// (see `ObjectQuerySQL`).
///
/// Caller text never becomes SQL: a key reaches PostgreSQL only as a bound parameter (and only
/// after ``ObjectQuery/isKey(_:)``), every value only as a bound parameter. A stored value is the
/// tagged array `["i", 44]`: `values_json -> key ->> 0` is its tag and `->> 1` its value as
/// text (NULL for `["n"]` and a missing key). Numbers compare as `numeric` (exact for every
/// 64-bit integer, as SQLite compares integers with reals), text and base64 bytes byte-wise
/// (`COLLATE "C"`, as SQLite's BINARY); a sort puts NULLs first, then numbers, then text, as
/// SQLite orders mixed values.
enum PostgresObjectQuery {
    /// The `SELECT` of the visible, live objects meeting `query`, in its order, one page.
    ///
    /// - Throws: ``ServerDataError`` `invalidQuery` naming a key that fails ``ObjectQuery/isKey(_:)``.
    static func select(_ query: ObjectQuery, app: String, visibility: ObjectVisibility) throws -> PostgresStatement {
        var statement = PostgresStatement()
        var filters = [
            "app = \(statement.bind(app))", "type_name = \(statement.bind(query.typeName))", "NOT deleted",
            PostgresAppStore.visibleClause(visibility, &statement),
        ]
        for condition in query.conditions { filters.append(try Self.condition(condition, &statement)) }
        var order: [String] = []
        for key in query.sortKeys {
            let direction = key.descending ? " DESC" : " ASC"
            let (tag, raw) = try operand(key.key, &statement)
            if key.key == ObjectQuery.objectIdKey {
                order.append("object_id COLLATE \"C\"\(direction)")
                continue
            }
            order.append("(CASE WHEN \(tag) IN ('i', 'r') THEN 1 WHEN \(tag) IN ('t', 'b') THEN 2 ELSE 0 END)\(direction)")
            order.append("(CASE WHEN \(tag) IN ('i', 'r') THEN (\(raw))::numeric END)\(direction)")
            order.append("(CASE WHEN \(tag) IN ('t', 'b') THEN \(raw) END) COLLATE \"C\"\(direction)")
        }
        order.append("object_id COLLATE \"C\" ASC")
        statement.append(
            """
            SELECT \(PostgresAppStore.columns) FROM objects WHERE \(filters.joined(separator: " AND ")) \
            ORDER BY \(order.joined(separator: ", ")) \
            LIMIT \(statement.bind(Int64(query.limit))) OFFSET \(statement.bind(Int64(query.offset)))
            """)
        return statement
    }

    /// The SQL of one condition.
    static func condition(_ condition: ObjectQuery.Condition, _ statement: inout PostgresStatement) throws -> String {
        let (tag, raw) = try operand(condition.key, &statement)
        switch condition.op {
        case .eq, .in:
            var branches: [String] = []
            if condition.values.contains(.null) { branches.append("\(raw) IS NULL") }
            for kind in Kind.allCases {
                let matching = condition.values.filter { Kind.of($0) == kind }
                guard !matching.isEmpty else { continue }
                let marks = matching.map { kind.compared(argument($0, &statement)) }.joined(separator: ", ")
                branches.append("(\(tag) \(kind.tagTest) AND \(kind.stored(tag: tag, raw: raw)) IN (\(marks)))")
            }
            guard !branches.isEmpty else { return "FALSE" }
            return "(" + branches.joined(separator: " OR ") + ")"
        case .ne where condition.values == [.null]:
            return "\(raw) IS NOT NULL"
        default:
            guard let value = condition.values.first, let kind = Kind.of(value) else { return "FALSE" }
            let bound = argument(value, &statement)
            if condition.op == .like {
                // SQLite's LIKE ignores the case of ASCII letters (and `%`, `_` are its wildcards).
                return "(\(tag) \(kind.tagTest) AND \(raw) ILIKE \(bound))"
            }
            return "(\(tag) \(kind.tagTest) AND \(kind.stored(tag: tag, raw: raw)) \(condition.op.sql) \(kind.compared(bound)))"
        }
    }

    /// The SQL of the stored value's tag and of its value as text under `key` (`objectId`: the id column).
    static func operand(_ key: String, _ statement: inout PostgresStatement) throws -> (tag: String, raw: String) {
        if key == ObjectQuery.objectIdKey { return ("'t'", "object_id") }
        guard ObjectQuery.isKey(key) else {
            throw ServerDataError(
                .invalidQuery,
                "query key '\(key.prefix(80))' is not allowed; expected a letter or _ then letters, digits or _ (at most 64)")
        }
        let name = statement.bind(key)
        return ("(values_json -> \(name) ->> 0)", "(values_json -> \(name) ->> 1)")
    }

    /// The kinds a value is compared within (``QueryValueKind``, shared with the SQLite engine).
    typealias Kind = QueryValueKind

    /// Binds a wire value as text (numbers as their exact decimal, bytes as their base64 text, as stored).
    static func argument(_ value: WireValue, _ statement: inout PostgresStatement) -> String {
        switch value {
        case .null: "NULL"
        case .integer(let number): statement.bind(String(number))
        case .real(let number): statement.bind(number.isFinite ? "\(number)" : "NaN")
        case .text(let text): statement.bind(text)
        case .blob(let data): statement.bind(data.base64EncodedString())
        }
    }
}

/// How PostgreSQL compares each kind (this engine's only).
extension QueryValueKind {
    /// The stored value as this kind compares it. PostgreSQL may evaluate either side of an
    /// `AND` first, so a number is cast only under its tag (text under a number tag never is).
    fileprivate func stored(tag: String, raw: String) -> String {
        switch self {
        case .number: "(CASE WHEN \(tag) IN ('i', 'r') THEN (\(raw))::numeric END)"
        case .text, .bytes: compared(raw)
        }
    }

    /// `sql` (text) as this kind compares it.
    fileprivate func compared(_ sql: String) -> String {
        switch self {
        case .number: "(\(sql))::numeric"
        case .text, .bytes: "(\(sql) COLLATE \"C\")"
        }
    }
}
