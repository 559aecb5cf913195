import Foundation
import GRDB
import StrataWire

/// Turns an ``ObjectQuery`` into one `SELECT` over the `objects` table, filtering and sorting on
/// `values_json` with `json_extract`.
///
/// Caller text never becomes SQL: a key reaches SQLite only as a bound JSON path (and only after
/// ``ObjectQuery/isKey(_:)``), every value only as a bound argument. A stored value is the tagged
/// array `["i", 44]`, so `$.key[0]` is its tag and `$.key[1]` its SQL value (NULL for `["n"]` and
/// for a missing key); a comparison first checks the tag is of the compared value's kind.
struct ObjectQuerySQL {
    /// SQL text and the arguments its `?` take, in order.
    struct Fragment {
        var sql: String
        var arguments: StatementArguments = []

        static func + (lhs: Fragment, rhs: Fragment) -> Fragment {
            Fragment(sql: lhs.sql + rhs.sql, arguments: lhs.arguments + rhs.arguments)
        }

        /// The fragments joined by `separator`.
        static func list(_ parts: [Fragment], separator: String) -> Fragment {
            Fragment(
                sql: parts.map(\.sql).joined(separator: separator),
                arguments: parts.reduce(into: StatementArguments()) { $0 += $1.arguments })
        }
    }

    /// The `SELECT` of the visible, live objects meeting `query`, in its order, one page.
    ///
    /// - Throws: ``ServerDataError`` `invalidQuery` naming a key that fails ``ObjectQuery/isKey(_:)``.
    static func select(_ query: ObjectQuery, visibility: ObjectVisibility) throws -> Fragment {
        let (visible, visibleArguments) = SQLiteAppStore.visibleClause(visibility)
        let filters = [
            Fragment(sql: "type_name = ? AND deleted = 0", arguments: [query.typeName]),
            Fragment(sql: visible, arguments: visibleArguments),
        ] + (try query.conditions.map(Self.condition))
        let order = try query.sortKeys.map { key in
            try Self.operand(key.key).raw + Fragment(sql: key.descending ? " DESC" : " ASC")
        }
        return Fragment(sql: "SELECT \(SQLiteAppStore.columns) FROM objects WHERE ") + .list(filters, separator: " AND ")
            + Fragment(sql: " ORDER BY ") + .list(order + [Fragment(sql: "object_id ASC")], separator: ", ")
            + Fragment(sql: " LIMIT ? OFFSET ?", arguments: [query.limit, query.offset])
    }

    /// The SQL of one condition.
    static func condition(_ condition: ObjectQuery.Condition) throws -> Fragment {
        let (tag, raw) = try operand(condition.key)
        switch condition.op {
        case .eq, .in:
            var branches: [Fragment] = []
            if condition.values.contains(.null) { branches.append(raw + Fragment(sql: " IS NULL")) }
            for kind in Kind.allCases {
                let matching = condition.values.filter { Kind.of($0) == kind }
                guard !matching.isEmpty else { continue }
                let marks = Array(repeating: "?", count: matching.count).joined(separator: ", ")
                branches.append(
                    Fragment(sql: "(") + tag + Fragment(sql: " \(kind.tagTest) AND ") + raw
                        + Fragment(sql: " IN (\(marks)))", arguments: StatementArguments(matching.map(argument))))
            }
            guard !branches.isEmpty else { return Fragment(sql: "0") }
            return Fragment(sql: "(") + .list(branches, separator: " OR ") + Fragment(sql: ")")
        case .ne where condition.values == [.null]:
            return raw + Fragment(sql: " IS NOT NULL")
        default:
            guard let value = condition.values.first, let kind = Kind.of(value) else { return Fragment(sql: "0") }
            return Fragment(sql: "(") + tag + Fragment(sql: " \(kind.tagTest) AND ") + raw
                + Fragment(sql: " \(condition.op.sql) ?)", arguments: [argument(value)])
        }
    }

    /// The SQL of the stored value's tag and of its value under `key` (`objectId`: the id column).
    static func operand(_ key: String) throws -> (tag: Fragment, raw: Fragment) {
        if key == ObjectQuery.objectIdKey { return (Fragment(sql: "'t'"), Fragment(sql: "object_id")) }
        guard ObjectQuery.isKey(key) else {
            throw ServerDataError(
                .invalidQuery,
                "query key '\(key.prefix(80))' is not allowed; expected a letter or _ then letters, digits or _ (at most 64)")
        }
        return (
            Fragment(sql: "json_extract(values_json, ?)", arguments: ["$.\(key)[0]"]),
            Fragment(sql: "json_extract(values_json, ?)", arguments: ["$.\(key)[1]"])
        )
    }

    /// The kinds a value is compared within (shared with the PostgreSQL engine).
    typealias Kind = QueryValueKind

    /// A wire value as SQLite compares it with the stored one (bytes as their base64 text, as stored).
    static func argument(_ value: WireValue) -> DatabaseValue {
        switch value {
        case .null: .null
        case .integer(let number): number.databaseValue
        case .real(let number): number.databaseValue
        case .text(let text): text.databaseValue
        case .blob(let data): data.base64EncodedString().databaseValue
        }
    }
}
