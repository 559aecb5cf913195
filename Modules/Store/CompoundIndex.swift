/// An index over several keys of one value-object type, declared in its
/// ``ValueObjectSchema`` so that a query filtering and sorting on those keys reads only the
/// page it returns instead of every match.
///
/// List the keys a query compares with `equal` first, then the key it sorts on (with its
/// direction), e.g. `CompoundIndex("caseReportID", "date")` serves
/// `whereKey("caseReportID", .equal, id).sorted(by: "date").page(size: 50, index: 3)`.
/// Every index ends with `objectId` ascending, the store's tie-break, so a sort needs no extra
/// step. SQLite reads an index forwards or backwards, so an index serves a sort when every
/// sorted key (and the `objectId` tie-break) runs in the declared direction, or every one in
/// the reverse: `CompoundIndex(.ascending("age"), .descending("createdAt"))` serves
/// `sorted(by: "createdAt", .descending)` (ties by `objectId` ascending), and
/// `CompoundIndex("createdAt")` serves `sorted(by: "createdAt", .descending)
/// .sorted(by: "objectId", .descending)`.
///
/// An encrypted key is indexed through its keyed hash, which serves `equal` and `notEqual`
/// only; it must be listed ascending. The index is named `<Type>_idx_<columns>` and is
/// created when the type registers; a compound index no longer declared is dropped.
public struct CompoundIndex: Sendable, Hashable {
    /// The indexed keys, most significant first, each with its direction.
    public let keys: [SortKey]

    /// An index over `keys`, in order, each in its own direction.
    public init(_ keys: [SortKey]) {
        self.keys = keys
    }

    /// An index over `keys`, in order, each with its own direction.
    public init(_ keys: SortKey...) {
        self.init(keys)
    }

    /// An index over `keys`, in order, all ascending.
    public init(_ keys: String...) {
        self.init(keys.map { SortKey(key: $0, order: .ascending) })
    }

    /// The keys as declared, for error messages: `(age, createdAt desc)`.
    var description: String {
        "(" + keys.map { $0.order == .ascending ? $0.key : "\($0.key) desc" }.joined(separator: ", ") + ")"
    }
}

extension SortKey {
    /// `key`, ascending (for ``CompoundIndex``).
    public static func ascending(_ key: String) -> SortKey { SortKey(key: key, order: .ascending) }

    /// `key`, descending (for ``CompoundIndex``).
    public static func descending(_ key: String) -> SortKey { SortKey(key: key, order: .descending) }
}
