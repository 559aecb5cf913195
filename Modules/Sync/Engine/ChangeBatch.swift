import Foundation
import StrataJournal
import StrataWire

/// Claimed changes written as one `POST /v1/changes` body (``WireJSON``), cut to a byte
/// budget so a batch never outgrows the server's body limit because its values are large.
struct ChangeBatch: Sendable {
    /// The changes the body carries, in journal order.
    var sent: [Change] = []
    /// The JSON body (`PushRequest`).
    var body = Data()
    /// Claimed changes that did not fit: they go back to pending for the next batch.
    var leftOver: [Change] = []
    /// Changes that can never be sent as they are (a real that is not finite), with the reason.
    var unsendable: [(change: Change, reason: String)] = []

    /// Takes changes from `claimed` in order while the body stays within `maxBytes`; the first
    /// one is always taken, however large (the server then says whether it is too large).
    init(_ claimed: [Change], maxBytes: Int) {
        var written: [[UInt8]] = []
        var size = 16
        for (index, change) in claimed.enumerated() {
            var json: [UInt8] = []
            guard WireJSON.appendChange(change.wireChange, to: &json) else {
                unsendable.append((change, "a value is not a finite number, which JSON cannot carry"))
                continue
            }
            if !written.isEmpty && size + json.count + 1 > maxBytes {
                leftOver = Array(claimed[index...])
                break
            }
            size += json.count + 1
            written.append(json)
            sent.append(change)
        }
        body = WireJSON.pushRequest(changes: written)
    }
}
