import StrataData
import Synchronization

/// The change journal of an in-memory data layer: the live `SQLiteChangeJournal`'s states
/// and errors over the store's ``JournalState``, under the store's lock.
final class InMemoryChangeJournal: ChangeJournal {
    private let store: InMemoryStore

    /// The journal of `store` (its saves and deletes write the changes).
    init(store: InMemoryStore) {
        self.store = store
    }

    private var gate: CallGate { store.gate }

    func pendingCount() throws -> Int {
        try gate.admit(.pendingCount)
        return store.state.withLock { state in state.journal.bySequence.values.count { $0.state != .rejected } }
    }

    func changes(in states: Set<ChangeState>, limit: Int?) throws -> [Change] {
        try gate.admit(.changes)
        let all = store.state.withLock { state in state.journal.all }
        let wanted = all.filter { states.contains($0.state) }
        return limit.map { Array(wanted.prefix(max(0, $0))) } ?? wanted
    }

    func rejected() throws -> [Change] {
        try gate.admit(.rejected)
        return store.state.withLock { state in state.journal.all.filter { $0.state == .rejected } }
    }

    func retry(operationID: String) throws {
        try gate.admit(.retry, operationID)
        try mutate { journal in
            try Self.require(operationID, in: [.rejected], journal)
            journal.set(operationID, to: .pending, reason: nil)
        }
    }

    func discard(operationID: String) throws {
        try gate.admit(.discard, operationID)
        try mutate { journal in
            try Self.require(operationID, in: [.pending, .rejected], journal, states: "pending or rejected")
            journal.remove(operationID: operationID)
        }
    }

    func claim(limit: Int) throws -> [Change] {
        try gate.admit(.claim, "\(limit)")
        guard limit > 0 else { return [] }
        return try mutate { journal in
            journal.claimable(limit: limit).map { change in
                journal.set(change.operationID, to: .inFlight, reason: nil)
                var claimed = change
                claimed.state = .inFlight
                return claimed
            }
        }
    }

    func acknowledge(operationIDs: [String]) throws {
        try gate.admit(.acknowledge)
        // As the live journal: only in-flight changes leave; other ids are ignored, so an
        // acknowledgement repeated after a crash is harmless.
        try mutate { journal in
            for operationID in operationIDs where journal.change(operationID)?.state == .inFlight {
                journal.remove(operationID: operationID)
            }
        }
    }

    func reject(operationID: String, reason: String) throws {
        try gate.admit(.reject, operationID)
        try mutate { journal in
            try Self.require(operationID, in: [.inFlight], journal)
            journal.set(operationID, to: .rejected, reason: reason)
        }
    }

    func release(operationIDs: [String]) throws {
        try gate.admit(.release)
        // One id at a time, as the live journal: the ids before an unknown one are released.
        for operationID in operationIDs {
            try mutate { journal in
                try Self.require(operationID, in: [.inFlight], journal)
                journal.set(operationID, to: .pending, reason: nil)
            }
        }
    }

    /// Runs `body` on the journal under the store's lock; `readOnly` on a read-only double.
    private func mutate<T: Sendable>(_ body: (inout JournalState) throws -> T) throws -> T {
        guard !store.readOnly else {
            throw DataError(.readOnly, "cannot change the change journal: the in-memory store was opened read-only")
        }
        return try store.state.withLock { state in try body(&state.journal) }
    }

    /// Throws `notFound` naming the operation id unless its change is in one of `allowed`.
    private static func require(
        _ operationID: String, in allowed: Set<ChangeState>, _ journal: JournalState, states: String? = nil
    ) throws {
        guard let change = journal.change(operationID), allowed.contains(change.state) else {
            let names = states ?? allowed.map(\.rawValue).sorted().joined(separator: " or ")
            throw DataError(.notFound, "no \(names) change has the operation id '\(operationID)'")
        }
    }
}
