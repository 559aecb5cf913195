import StrataJournal
import StrataWire

/// When a pull is a revocation's re-pull.
extension Revocation {
    /// Whether what the caller may see changed since the type's last pull: the page's
    /// ``PullResponse/visibility`` differs from `known` (the one recorded then). None recorded,
    /// or a server that sends none: no re-pull.
    static func needed(known: String?, page: PullResponse) -> Bool {
        guard let known, let visibility = page.visibility else { return false }
        return visibility != known
    }
}

extension SyncStateKey {
    /// The visibility the type's cursor was reached with (``PullResponse/visibility``).
    static func visibility(_ typeName: String) -> SyncStateKey { SyncStateKey(rawValue: "sync.visibility.\(typeName)") }
}
