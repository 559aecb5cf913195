import StrataJournal
import StrataWire

/// The journal of a double: each call passes the ``CallGate``, then goes to the real journal.
struct GatedChangeJournal: ChangeJournal {
    let base: any ChangeJournal
    let gate: CallGate

    func pendingCount() async throws -> Int {
        try gate.admit(.pendingCount)
        return try await base.pendingCount()
    }

    func changes(in states: Set<ChangeState>, limit: Int?) async throws -> [Change] {
        try gate.admit(.changes)
        return try await base.changes(in: states, limit: limit)
    }

    func rejected() async throws -> [Change] {
        try gate.admit(.rejected)
        return try await base.rejected()
    }

    func retry(operationID: String) async throws {
        try gate.admit(.retry, operationID)
        try await base.retry(operationID: operationID)
    }

    func discard(operationID: String) async throws {
        try gate.admit(.discard, operationID)
        try await base.discard(operationID: operationID)
    }

    func claim(limit: Int) async throws -> [Change] {
        try gate.admit(.claim, "\(limit)")
        return try await base.claim(limit: limit)
    }

    func claim(limit: Int, for user: String, excluding sending: Set<String>) async throws -> [Change] {
        try gate.admit(.claim, "\(limit)")
        return try await base.claim(limit: limit, for: user, excluding: sending)
    }

    func acknowledge(operationIDs: [String]) async throws {
        try gate.admit(.acknowledge)
        try await base.acknowledge(operationIDs: operationIDs)
    }

    func reject(operationID: String, reason: String) async throws {
        try gate.admit(.reject, operationID)
        try await base.reject(operationID: operationID, reason: reason)
    }

    func reject(operationID: String, reason: String, conflictFields: [String], current: WireObject) async throws {
        try gate.admit(.reject, operationID)
        try await base.reject(operationID: operationID, reason: reason, conflictFields: conflictFields, current: current)
    }

    func release(operationIDs: [String]) async throws {
        try gate.admit(.release)
        try await base.release(operationIDs: operationIDs)
    }
}
