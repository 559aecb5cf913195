import StrataServerData
import StrataWire

/// What makes a ``StrataWire/QueryRequest`` acceptable, and the ``ObjectQuery`` it becomes.
enum QueryRules {
    /// The largest page.
    static let maxLimit = 1000
    /// The most conditions in `where`.
    static let maxConditions = 20
    /// The most sort keys.
    static let maxSortKeys = 5
    /// The most values of one `in`.
    static let maxInValues = 100
    /// The longest `like` pattern, in characters.
    static let maxPatternLength = 256

    /// `request` on `typeName`, checked, as the store runs it.
    ///
    /// - Throws: ``ServerError`` `badRequest` naming the field (`limit`, `where[0].op`, `sort[1].key`, …).
    static func objectQuery(typeName: String, request: QueryRequest) throws -> ObjectQuery {
        if let problem = ChangeRules.typeNameProblem(typeName) { throw bad(problem) }
        guard (1...maxLimit).contains(request.limit) else { throw bad("limit must be 1–\(maxLimit), not \(request.limit)") }
        guard request.offset >= 0 else { throw bad("offset must be 0 or more, not \(request.offset)") }
        guard request.conditions.count <= maxConditions else {
            throw bad("where may hold at most \(maxConditions) conditions, not \(request.conditions.count)")
        }
        guard request.sort.count <= maxSortKeys else {
            throw bad("sort may hold at most \(maxSortKeys) keys, not \(request.sort.count)")
        }
        let conditions = try request.conditions.enumerated().map { index, condition in
            try Self.condition(condition, field: "where[\(index)]")
        }
        let sortKeys = try request.sort.enumerated().map { index, sortKey in
            try checkKey(sortKey.key, field: "sort[\(index)].key")
            return ObjectQuery.SortKey(key: sortKey.key, descending: sortKey.descending)
        }
        return ObjectQuery(
            typeName: typeName, conditions: conditions, sortKeys: sortKeys, limit: request.limit, offset: request.offset)
    }

    /// What a pull at `scope` reads: `visibility` (what the caller's memberships allow),
    /// narrowed to others' objects of scope at most `scope`'s (the caller's own always count).
    /// Never wider than `visibility`.
    static func pullVisibility(_ visibility: ObjectVisibility, at scope: PullScope) -> ObjectVisibility {
        var narrowed = visibility
        narrowed.widestScope = min(visibility.widestScope, scope.widestObjectScope)
        return narrowed
    }

    /// One condition, checked; `field` names it in messages (`where[2]`).
    static func condition(_ condition: WireCondition, field: String) throws -> ObjectQuery.Condition {
        try checkKey(condition.key, field: "\(field).key")
        guard let op = ObjectQuery.Operator(rawValue: condition.op) else {
            let known = ObjectQuery.Operator.allCases.map(\.rawValue).joined(separator: ", ")
            throw bad("\(field).op '\(condition.op.prefix(40))' is unknown; expected one of \(known)")
        }
        guard op != .in else {
            guard condition.value == nil else {
                throw bad("\(field).value is not used with 'in'; put the values in \(field).values")
            }
            guard let values = condition.values, (1...maxInValues).contains(values.count) else {
                throw bad("\(field).values must hold 1–\(maxInValues) values for 'in', not \(condition.values?.count ?? 0)")
            }
            for (position, value) in values.enumerated() { try checkText(value, field: "\(field).values[\(position)]") }
            return ObjectQuery.Condition(key: condition.key, op: op, values: values)
        }
        guard condition.values == nil else { throw bad("\(field).values is only for 'in'; '\(op)' takes \(field).value") }
        guard let value = condition.value else { throw bad("\(field).value is missing; '\(op)' compares with one value") }
        if let problem = valueProblem(value, op: op) { throw bad("\(field).value: \(problem)") }
        try checkText(value, field: "\(field).value")
        return ObjectQuery.Condition(key: condition.key, op: op, values: [value])
    }

    /// Why `value` cannot be compared with `op`, or `nil`.
    static func valueProblem(_ value: WireValue, op: ObjectQuery.Operator) -> String? {
        switch (op, value) {
        case (.eq, _), (.ne, _), (.in, _): nil
        case (.like, .text(let pattern)):
            pattern.count > maxPatternLength
                ? "a like pattern may be at most \(maxPatternLength) characters, not \(pattern.count)" : nil
        case (.like, _): "'like' needs a text pattern ([\"t\", \"…\"])"
        case (_, .null): "null compares only with eq, ne or in, not '\(op)'"
        case (_, .blob): "bytes compare only with eq, ne or in, not '\(op)'"
        default: nil
        }
    }

    /// Throws unless `key` is `objectId` or a valid value key.
    static func checkKey(_ key: String, field: String) throws {
        guard ObjectQuery.isKey(key) else {
            throw bad(
                "\(field) '\(key.prefix(80))' is not a valid key; expected a letter or _ then up to 63 letters, digits or _")
        }
    }

    /// Throws unless a text value is free of U+0000 (SQLite would compare only up to it).
    static func checkText(_ value: WireValue, field: String) throws {
        if case .text(let text) = value { try TextRules.checkFreeText(text, field: field) }
    }

    private static func bad(_ message: String) -> ServerError { ServerError(.badRequest, message) }
}
