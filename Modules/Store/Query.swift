/// A query over one value-object type: conditions (all must hold), sort keys, paging, and
/// whose objects (``QueryScope``: mine, group, all).
///
/// Keys are checked against the type's schema when the query runs: an unknown key, a value of
/// the wrong type, or `like` on a non-text key is a ``DataError``; no SQL is ever built from
/// the text of a key or a value.
///
/// ```swift
/// let page = try store.query(
///     Query<Follow>()
///         .whereKey("caseReportID", .equal, report.objectId)
///         .sorted(by: "date")
///         .page(size: 20, index: 1))
/// let mine = try store.query(Query<CaseReport>().scoped(.mine))
/// ```
public struct Query<Object: ValueObject>: Sendable {
    /// The conditions; an object is returned when all of them hold.
    public var conditions: [Condition]
    /// Sort keys, most significant first. Ties are broken by `objectId`.
    public var sortKeys: [SortKey]
    /// The most objects to return (the page size); `nil` for all.
    public var maxResults: Int?
    /// Which page to return, counting from 1 (the seed's `pageIndex`); needs ``maxResults``.
    public var pageIndex: Int
    /// Whose objects to return (the seed's `scopeType`); ``QueryScope/all`` by default.
    public var scope: QueryScope

    /// A query returning every object of the type.
    public init() {
        conditions = []
        sortKeys = []
        maxResults = nil
        pageIndex = 1
        scope = .all
    }

    /// Adds a condition `key <comparison> value`.
    ///
    /// `equal` and `notEqual` with `nil` (an `Optional` value) test for null.
    public func whereKey(_ key: String, _ comparison: Comparison, _ value: some FieldValueConvertible) -> Self {
        var copy = self
        copy.conditions.append(Condition(key: key, comparison: comparison, value: value.fieldValue))
        return copy
    }

    /// Adds a sort key.
    public func sorted(by key: String, _ order: SortOrder = .ascending) -> Self {
        var copy = self
        copy.sortKeys.append(SortKey(key: key, order: order))
        return copy
    }

    /// Returns at most `maxResults` objects.
    public func limit(_ maxResults: Int) -> Self {
        var copy = self
        copy.maxResults = maxResults
        return copy
    }

    /// Returns page `index` (from 1) of pages of `size` objects.
    public func page(size: Int, index: Int) -> Self {
        var copy = self
        copy.maxResults = size
        copy.pageIndex = index
        return copy
    }
}
