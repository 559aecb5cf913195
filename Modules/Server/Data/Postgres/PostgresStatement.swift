import PostgresNIO

/// SQL text with `$n` placeholders and the values they take, built piece by piece: caller text
/// never becomes SQL, every value is a bound parameter.
struct PostgresStatement: Sendable {
    var sql: String
    var binds = PostgresBindings()

    init(_ sql: String = "") {
        self.sql = sql
    }

    /// Binds `value` and returns its placeholder (`$3`).
    mutating func bind<Value: PostgresDynamicTypeEncodable>(_ value: Value) -> String {
        binds.append(value)
        return "$\(binds.count)"
    }

    /// Binds `value` (or NULL) and returns its placeholder.
    mutating func bind<Value: PostgresDynamicTypeEncodable>(_ value: Value?) -> String {
        binds.append(value)
        return "$\(binds.count)"
    }

    /// Appends SQL text.
    mutating func append(_ text: String) {
        sql += text
    }

    var query: PostgresQuery { PostgresQuery(unsafeSQL: sql, binds: binds) }
}
