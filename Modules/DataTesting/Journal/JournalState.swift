import Foundation
import StrataData

/// The in-memory change journal: the live journal's rows and rules (see `JournalWriter` and
/// `SQLiteChangeJournal` in StrataData) over dictionaries, kept inside the store's state so a
/// save and its change are written under one lock, all or nothing.
struct JournalState: Sendable {
    /// Every change, by its sequence.
    private(set) var bySequence: [Int64: Change] = [:]
    /// The sequences of each object's changes, oldest first.
    private var byObject: [ObjectKey: [Int64]] = [:]
    /// The sequence of each operation id.
    private var byOperation: [String: Int64] = [:]
    /// The sequence the next change gets.
    private var nextSequence: Int64 = 1
    /// The operation ids ever claimed for sending (the live journal's `sent` column): the
    /// server may have applied them, so they are never coalesced into.
    private var sent: Set<String> = []

    /// One object of one type (`*` for a whole type's `deleteAll`).
    private struct ObjectKey: Hashable, Sendable {
        var typeName: String
        var objectID: String
    }

    /// What a save or delete asks the journal to record.
    struct Entry {
        var typeName: String
        var objectID: String
        var operation: ChangeOperation
        var values: [String: FieldValue]
        var scope: DataScope
        var ownerUser: String?
        var ownerGroup: String?
    }

    /// Every change, oldest first.
    var all: [Change] { bySequence.values.sorted { $0.sequence < $1.sequence } }

    /// The change with this operation id, if any.
    func change(_ operationID: String) -> Change? {
        byOperation[operationID].flatMap { bySequence[$0] }
    }

    /// Whether some change (in any state) concerns this object.
    func hasChanges(typeName: String, objectID: String) -> Bool {
        !(byObject[ObjectKey(typeName: typeName, objectID: objectID)]?.isEmpty ?? true)
    }

    /// Records `entry`, coalescing with the object's newest change when that one is still
    /// pending and was never claimed for sending: insert+update → one insert with the new values; insert+delete → nothing;
    /// update+update → update; update+delete → delete. A coalesced change keeps its
    /// operation id, sequence, owner and creation time. `isNewObject` skips the look-up, as
    /// the live writer does for ids made just now and for `deleteAll`.
    mutating func record(_ entry: Entry, isNewObject: Bool, now: Date) {
        let key = ObjectKey(typeName: entry.typeName, objectID: entry.objectID)
        if !isNewObject, let newest = byObject[key]?.last, var pending = bySequence[newest], pending.state == .pending,
            !sent.contains(pending.operationID)
        {
            switch (pending.operation, entry.operation) {
            case (.insert, .update), (.update, .update), (.update, .delete):
                if pending.operation != .insert { pending.operation = entry.operation }
                pending.values = entry.values
                bySequence[newest] = pending
                return
            case (.insert, .delete):
                remove(newest)  // never reached the server: nothing to send at all
                return
            default:
                break
            }
        }
        let sequence = nextSequence
        nextSequence += 1
        let change = Change(
            operationID: UUID().uuidString.lowercased(), typeName: entry.typeName, objectID: entry.objectID,
            operation: entry.operation, values: entry.values, scope: entry.scope, ownerUser: entry.ownerUser,
            ownerGroup: entry.ownerGroup, sequence: sequence, state: .pending, reason: nil, createdAt: now)
        bySequence[sequence] = change
        byObject[key, default: []].append(sequence)
        byOperation[change.operationID] = sequence
    }

    /// Drops the type's pending changes (before its `deleteAll` is recorded).
    mutating func removePending(typeName: String) {
        for change in bySequence.values where change.typeName == typeName && change.state == .pending {
            remove(change.sequence)
        }
    }

    /// The changes `claim` may hand out now, at most `limit`: of each object only its oldest
    /// change, and only when that one is pending or in flight; in-flight ones (a crash
    /// interrupted their sending) first, then by sequence.
    func claimable(limit: Int) -> [Change] {
        let oldest = byObject.values.compactMap { $0.first.flatMap { bySequence[$0] } }
        let sendable = oldest.filter { $0.state != .rejected }.sorted { left, right in
            left.state != right.state ? left.state == .inFlight : left.sequence < right.sequence
        }
        return Array(sendable.prefix(max(0, limit)))
    }

    /// Moves a change to `state` with `reason`.
    mutating func set(_ operationID: String, to state: ChangeState, reason: String?) {
        guard let sequence = byOperation[operationID] else { return }
        if state == .inFlight { sent.insert(operationID) }
        bySequence[sequence]?.state = state
        bySequence[sequence]?.reason = reason
    }

    /// Removes the change with this operation id.
    mutating func remove(operationID: String) {
        if let sequence = byOperation[operationID] { remove(sequence) }
    }

    private mutating func remove(_ sequence: Int64) {
        guard let change = bySequence.removeValue(forKey: sequence) else { return }
        byOperation[change.operationID] = nil
        sent.remove(change.operationID)
        let key = ObjectKey(typeName: change.typeName, objectID: change.objectID)
        byObject[key]?.removeAll { $0 == sequence }
        if byObject[key]?.isEmpty == true { byObject[key] = nil }
    }
}
