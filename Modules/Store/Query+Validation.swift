extension Query {
    /// Checks every key, value and paging setting against `Object.schema`; every store runs
    /// this before it touches data.
    ///
    /// - Throws: ``DataError`` `unknownKey` naming the key and the type's keys, `typeMismatch`
    ///   naming the key, its type and the value, `invalidQuery` for paging and `like` misuse.
    package func validate() throws {
        let schema = Object.schema
        for condition in conditions {
            let field = try Self.field(condition.key, in: schema, use: "filter on")
            try Self.check(condition, against: field, typeName: schema.typeName)
            if schema.isEncrypted(condition.key), condition.comparison != .equal, condition.comparison != .notEqual {
                throw DataError(
                    .invalidQuery,
                    "\(schema.typeName).\(condition.key) is encrypted; only equal and notEqual work on it, not \(condition.comparison.rawValue)")
            }
        }
        for sortKey in sortKeys {
            _ = try Self.field(sortKey.key, in: schema, use: "sort by")
            guard !schema.isEncrypted(sortKey.key) else {
                throw DataError(
                    .invalidQuery,
                    "\(schema.typeName).\(sortKey.key) is encrypted; it cannot be sorted on (only equal and notEqual work on it)")
            }
        }
        if let maxResults, maxResults < 1 {
            throw DataError(.invalidQuery, "\(schema.typeName) query: maxResults is \(maxResults); expected 1 or more")
        }
        guard pageIndex >= 1 else {
            throw DataError(.invalidQuery, "\(schema.typeName) query: pageIndex is \(pageIndex); pages count from 1")
        }
        if let maxResults, (pageIndex - 1).multipliedReportingOverflow(by: maxResults).overflow {
            throw DataError(
                .invalidQuery,
                "\(schema.typeName) query: page \(pageIndex) of pages of \(maxResults) is beyond any store")
        }
        if pageIndex > 1, maxResults == nil {
            throw DataError(
                .invalidQuery, "\(schema.typeName) query: pageIndex \(pageIndex) needs maxResults (the page size)")
        }
    }

    /// The row offset of the requested page.
    package var offset: Int { (pageIndex - 1) * (maxResults ?? 0) }

    /// The field for `key`; `objectId` is accepted as a text key.
    package static func field(
        _ key: String, in schema: ValueObjectSchema<Object>, use: String
    ) throws -> ValueObjectSchema<Object>.Field? {
        if key == "objectId" { return nil }
        guard let field = schema.field(forKey: key) else {
            throw DataError(
                .unknownKey,
                "\(schema.typeName) has no key '\(key)' to \(use); expected one of: objectId, \(schema.keyList)")
        }
        return field
    }

    private static func check(
        _ condition: Condition, against field: ValueObjectSchema<Object>.Field?, typeName: String
    ) throws {
        let type = field?.type ?? .text
        let key = condition.key
        if condition.comparison == .like {
            guard type == .text else {
                throw DataError(
                    .invalidQuery, "\(typeName).\(key) is \(type.rawValue); 'like' works only on text keys")
            }
            guard case .text = condition.value else {
                throw DataError(
                    .typeMismatch, "\(typeName).\(key) 'like' needs a text pattern, got \(condition.value)")
            }
            return
        }
        let matches: Bool
        switch (type, condition.value) {
        case (_, .null):
            guard condition.comparison == .equal || condition.comparison == .notEqual else {
                throw DataError(
                    .invalidQuery,
                    "\(typeName).\(key): null can only be compared with equal or notEqual, not \(condition.comparison.rawValue)")
            }
            matches = true
        case (.integer, .integer), (.bool, .integer), (.real, .real), (.real, .integer), (.date, .real),
            (.date, .integer), (.integer, .real), (.text, .text), (.blob, .blob):
            matches = true
        default:
            matches = false
        }
        guard matches else {
            throw DataError(
                .typeMismatch, "\(typeName).\(key) is \(type.rawValue); cannot compare it with \(condition.value)")
        }
    }
}
