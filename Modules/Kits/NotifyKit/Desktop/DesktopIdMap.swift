/// The notification server's ids of the notifications shown, and the Strata notification each
/// one is: kept in memory for the newest ``limit`` only (an action on an older one is ignored).
struct DesktopIdMap {
    /// How many shown notifications are remembered.
    static let limit = 512

    /// What the daemon needs to act on a shown notification.
    struct Entry: Equatable {
        var notificationId: String
        var url: String
    }

    private var entries: [UInt32: Entry] = [:]
    private var order: [UInt32] = []

    /// Remembers that the server showed `entry` as `id` (forgetting the oldest past ``limit``).
    mutating func remember(_ id: UInt32, _ entry: Entry) {
        if entries.updateValue(entry, forKey: id) != nil { order.removeAll { $0 == id } }
        order.append(id)
        if order.count > Self.limit { entries[order.removeFirst()] = nil }
    }

    /// The entry shown as `id`, forgotten (each notification is acted on once).
    mutating func take(_ id: UInt32) -> Entry? {
        guard let entry = entries.removeValue(forKey: id) else { return nil }
        order.removeAll { $0 == id }
        return entry
    }

    /// How many are remembered.
    var count: Int { entries.count }
}
