/// One sort key: a key and its direction.
public struct SortKey: Sendable, Hashable {
    /// The key sorted on.
    public let key: String
    /// The direction.
    public let order: SortOrder

    /// Creates a sort key.
    public init(key: String, order: SortOrder) {
        self.key = key
        self.order = order
    }
}
