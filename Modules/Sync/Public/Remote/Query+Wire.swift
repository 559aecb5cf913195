public import StrataStore
public import StrataWire

extension Query {
    /// The query as the server's query endpoint takes it (`POST /v1/objects/{type}/query`),
    /// for the window `limit` objects from `offset`: the conditions and sort keys, checked
    /// against `Object.schema` first as the local store checks them.
    ///
    /// The server compares as the local store does: `equal` / `notEqual` with `nil` test for
    /// null, `like` is ASCII case-insensitive, ties go by `objectId`, nulls sort first.
    ///
    /// - Throws: ``DataError`` `unknownKey`, `typeMismatch` or `invalidQuery` naming the key
    ///   (an encrypted key compares only with `equal` and `notEqual` and is never sorted on,
    ///   the local store's rule, so a query means the same locally and on the server).
    public func wireRequest(limit: Int, offset: Int) throws -> QueryRequest {
        try validate()
        let schema = Object.schema
        let conditions = conditions.map { condition in
            let type = schema.field(forKey: condition.key)?.type ?? .text
            return WireCondition(
                key: condition.key, op: Self.wireOperator(condition.comparison),
                value: type.normalized(condition.value).wireValue)
        }
        let sort = sortKeys.map { WireSortKey(key: $0.key, descending: $0.order == .descending) }
        return QueryRequest(conditions: conditions, sort: sort, limit: limit, offset: offset)
    }

    /// The first object of the page the query asks for (0 for the first page).
    public var firstIndex: Int { offset }

    /// The server's name of a comparison (`eq`, `ne`, `gt`, `ge`, `lt`, `le`, `like`).
    static func wireOperator(_ comparison: Comparison) -> String {
        switch comparison {
        case .equal: "eq"
        case .notEqual: "ne"
        case .greater: "gt"
        case .greaterOrEqual: "ge"
        case .less: "lt"
        case .lessOrEqual: "le"
        case .like: "like"
        }
    }
}
