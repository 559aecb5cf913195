import StrataWire

/// When a pull is a client reset.
extension ServerReset {
    /// Whether the server's history is not the one `cursor` was reached on: its epoch differs
    /// from `knownEpoch` (the one recorded at the type's last pull; none recorded: no reset), or
    /// `cursor` is past the server's newest history position. A server that sends neither
    /// never causes a reset.
    static func needed(knownEpoch: String?, cursor: Int64, page: PullResponse) -> Bool {
        if let knownEpoch, let epoch = page.epoch, epoch != knownEpoch { return true }
        if let head = page.head, cursor > head { return true }
        return false
    }
}
