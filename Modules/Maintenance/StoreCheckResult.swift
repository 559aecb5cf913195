/// What ``StoreMaintenance/check(quick:)`` found.
public struct StoreCheckResult: Sendable, Hashable {
    /// The store file checked.
    public var storePath: String
    /// SQLite's findings, one per line; empty when the file is sound.
    public var problems: [String]
    /// The damaged mark an earlier error left, removed because the file proved sound.
    public var clearedMark: String?

    /// Whether the file is sound.
    public var isSound: Bool { problems.isEmpty }

    /// A result with the given parts.
    public init(storePath: String, problems: [String], clearedMark: String? = nil) {
        self.storePath = storePath
        self.problems = problems
        self.clearedMark = clearedMark
    }
}
