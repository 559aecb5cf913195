/// The main navigation stack (BootLoader stage 2): every screen of every running micro-app,
/// the top one visible. Owned by the runtime actor; not thread-safe on its own.
struct NavigationStack {
    /// One screen and the instance that owns it.
    struct Entry {
        let owner: MicroApplication
        let screen: any TextScreen
        /// Tells this push of the screen from every other (a list's selection is kept under it).
        var id = 0
    }

    private(set) var entries: [Entry] = []
    private var nextID = 1

    /// The visible screen.
    var top: Entry? { entries.last }

    /// Pushes a screen owned by `owner`.
    mutating func push(_ screen: any TextScreen, owner: MicroApplication) {
        entries.append(Entry(owner: owner, screen: screen, id: nextID))
        nextID += 1
    }

    /// Pops the top screen of `owner`, returning how many screens `owner` has left.
    mutating func popTop(of owner: MicroApplication) -> Int {
        if let index = entries.lastIndex(where: { $0.owner == owner }) { entries.remove(at: index) }
        return count(of: owner)
    }

    /// How many screens `owner` has on the stack.
    func count(of owner: MicroApplication) -> Int {
        entries.reduce(0) { $0 + ($1.owner == owner ? 1 : 0) }
    }

    /// Removes every screen of `owner` (the app exited).
    mutating func removeAll(of owner: MicroApplication) {
        entries.removeAll { $0.owner == owner }
    }

    /// Moves every screen of `owner` to the top, keeping their order (the app was brought to top).
    mutating func moveToTop(_ owner: MicroApplication) {
        let moving = entries.filter { $0.owner == owner }
        entries.removeAll { $0.owner == owner }
        entries.append(contentsOf: moving)
    }
}
