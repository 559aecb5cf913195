import StrataData

/// Query evaluation over in-memory rows, with the SQLite store's semantics.
extension Query {
    /// Whether the row `id` meets every condition (conditions are ANDed).
    func matches(_ row: Row, id: String) -> Bool {
        conditions.allSatisfy { Self.holds($0, for: row.value(forKey: $0.key, id: id)) }
    }

    /// The ids and rows in the query's order: each sort key in turn, then `objectId` ascending.
    func sorted(_ rows: [(id: String, row: Row)]) -> [(id: String, row: Row)] {
        rows.sorted { left, right in
            for sortKey in sortKeys {
                var order = FieldValue.sqliteCompare(
                    left.row.value(forKey: sortKey.key, id: left.id), right.row.value(forKey: sortKey.key, id: right.id))
                if sortKey.order == .descending { order = -order }
                if order != 0 { return order < 0 }
            }
            return FieldValue.sqliteCompare(.text(left.id), .text(right.id)) < 0
        }
    }

    /// The requested page of `items`: `maxResults` items from `(pageIndex - 1) * maxResults`
    /// (empty when that offset is beyond any array, even beyond `Int.max`).
    func page<Item>(_ items: [Item]) -> [Item] {
        guard let maxResults else { return items }
        let (offset, overflow) = (pageIndex - 1).multipliedReportingOverflow(by: maxResults)
        guard !overflow else { return [] }
        return Array(items.dropFirst(offset).prefix(maxResults))
    }

    /// Whether one condition holds for a stored value, as SQL would decide it.
    ///
    /// `equal` / `notEqual` with a null value are `IS NULL` / `IS NOT NULL`; any other
    /// comparison involving a stored null is false (SQL's unknown).
    static func holds(_ condition: Condition, for stored: FieldValue) -> Bool {
        if condition.comparison == .like {
            guard case .text(let text) = stored, case .text(let pattern) = condition.value else { return false }
            return LikePattern(pattern).matches(text)
        }
        if condition.value == .null {
            switch condition.comparison {
            case .equal: return stored == .null
            case .notEqual: return stored != .null
            default: return false
            }
        }
        if stored == .null { return false }
        let order = FieldValue.sqliteCompare(stored, condition.value)
        switch condition.comparison {
        case .equal: return order == 0
        case .notEqual: return order != 0
        case .greater: return order > 0
        case .greaterOrEqual: return order >= 0
        case .less: return order < 0
        case .lessOrEqual: return order <= 0
        case .like: return false
        }
    }
}
