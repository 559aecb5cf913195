/// Finding one item by its whole id or a start of it, as people type ids they read in a list
/// (`strata-host sync conflicts keep-mine ID`, `sync retry ID`, the Account screen): the one
/// matching rule; each caller words what it found in its own messages.
public enum IdStart {
    /// The fewest characters a start of a conflict id may have: ids made in the same minute
    /// share their first characters (UUIDv7), so a shorter start could name one nobody meant.
    public static let shortestConflictStart = 8

    /// What a search by id found.
    public enum Match<Item> {
        /// The item whose whole id was given, or the only one whose id starts with it.
        case found(Item)
        /// The start is shorter than the fewest characters allowed (and no whole id).
        case tooShort(shortest: Int)
        /// Several items' ids start with it (how many).
        case ambiguous(count: Int)
        /// No item's id is it or starts with it (an empty id matches none).
        case noMatch
    }

    /// The item of `items` whose id (`idOf`) is `id`; else, when `id` has at least `shortest`
    /// characters, the only one whose id starts with it.
    public static func find<Item>(
        _ id: String, in items: [Item], shortest: Int = 1, id idOf: (Item) -> String
    ) -> Match<Item> {
        if let exact = items.first(where: { idOf($0) == id }) { return .found(exact) }
        if id.isEmpty { return .noMatch }
        if id.count < shortest { return .tooShort(shortest: shortest) }
        let matching = items.filter { idOf($0).hasPrefix(id) }
        guard matching.count <= 1 else { return .ambiguous(count: matching.count) }
        if let only = matching.first { return .found(only) }
        return .noMatch
    }
}
