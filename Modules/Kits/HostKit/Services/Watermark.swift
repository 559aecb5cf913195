import Foundation

/// How far a ``StoreWatcher`` has got: the newest instant it has seen and the identifiers seen
/// at that instant (items recorded in the same instant are told apart by identifier), plus,
/// for sources without an order, every identifier seen.
struct Watermark: Sendable, Equatable {
    /// The newest instant seen; `nil` before the baseline.
    var instant: Date?
    /// Identifiers seen at ``instant`` (ordered sources), or every identifier seen.
    var identifiers: Set<String> = []

    /// Whether an item recorded at `date` with `identifier` is past the mark.
    func isNew(_ identifier: String, at date: Date) -> Bool {
        guard let instant else { return true }
        return date > instant || (date == instant && !identifiers.contains(identifier))
    }

    /// Moves the mark past an item recorded at `date` with `identifier`.
    mutating func advance(past identifier: String, at date: Date) {
        if let instant, date < instant { return }
        if let instant, date == instant {
            identifiers.insert(identifier)
            return
        }
        instant = date
        identifiers = [identifier]
    }
}
