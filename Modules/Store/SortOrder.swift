/// Sort direction.
public enum SortOrder: String, Sendable, Hashable {
    /// Smallest first: nulls, then numbers, then text, then blobs (as SQLite orders them).
    case ascending
    /// Largest first.
    case descending
}
