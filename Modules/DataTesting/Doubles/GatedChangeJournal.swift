import StrataData

/// The journal of a double: each call passes the ``CallGate``, then goes to the real journal.
struct GatedChangeJournal: ChangeJournal {
    let base: any ChangeJournal
    let gate: CallGate

    func pendingCount() throws -> Int {
        try gate.admit(.pendingCount)
        return try base.pendingCount()
    }

    func changes(in states: Set<ChangeState>, limit: Int?) throws -> [Change] {
        try gate.admit(.changes)
        return try base.changes(in: states, limit: limit)
    }

    func rejected() throws -> [Change] {
        try gate.admit(.rejected)
        return try base.rejected()
    }

    func retry(operationID: String) throws {
        try gate.admit(.retry, operationID)
        try base.retry(operationID: operationID)
    }

    func discard(operationID: String) throws {
        try gate.admit(.discard, operationID)
        try base.discard(operationID: operationID)
    }

    func claim(limit: Int) throws -> [Change] {
        try gate.admit(.claim, "\(limit)")
        return try base.claim(limit: limit)
    }

    func claim(limit: Int, for user: String, excluding sending: Set<String>) throws -> [Change] {
        try gate.admit(.claim, "\(limit)")
        return try base.claim(limit: limit, for: user, excluding: sending)
    }

    func acknowledge(operationIDs: [String]) throws {
        try gate.admit(.acknowledge)
        try base.acknowledge(operationIDs: operationIDs)
    }

    func reject(operationID: String, reason: String) throws {
        try gate.admit(.reject, operationID)
        try base.reject(operationID: operationID, reason: reason)
    }

    func release(operationIDs: [String]) throws {
        try gate.admit(.release)
        try base.release(operationIDs: operationIDs)
    }
}
