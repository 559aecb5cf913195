/// Tells a process, within a second, that some process committed changes to value-object
/// types, without re-reading whole tables (it watches SQLite's `data_version` and a small
/// table of per-type versions).
public protocol ChangeNotices: Sendable {
    /// A sequence that yields each time another process (or this one) commits changes to any
    /// of `typeNames` (all types when empty). Ends when the caller stops iterating.
    ///
    /// The baseline is taken before this returns: a commit after it is always reported. The
    /// watcher opens its connection on a queue of its own (the caller is suspended meanwhile,
    /// never blocked).
    func changes(of typeNames: Set<String>) async -> AsyncStream<StoreChange>
}

/// Which types changed in one or more commits.
public struct StoreChange: Sendable, Hashable {
    /// The type names whose objects changed.
    public var typeNames: Set<String>

    /// A change notice for these types.
    public init(typeNames: Set<String>) {
        self.typeNames = typeNames
    }
}
