import StrataServerData
import StrataWire

/// Applies one change inside a write transaction, within the caller's scope.
struct ChangeApplier {
    let transaction: any AppTransaction
    let session: ServerSession
    let visibility: ObjectVisibility

    /// Applies `change`, the batch's change number `index` (recording its operation id with it),
    /// or says why not.
    func apply(_ change: WireChange, index: Int) throws -> ChangeResult {
        if let problem = ChangeRules.problem(with: change, index: index) { return rejected(change, problem) }
        // Ids are kept per user: another user's id never makes this change a duplicate.
        if try transaction.hasOperation(change.operationId, userId: session.userId) {
            return ChangeResult(operationId: change.operationId, status: "duplicate")
        }
        let outcome: String?
        switch change.operation {
        case "insert", "update": outcome = try write(change)
        case "delete": outcome = try delete(typeName: change.typeName, objectId: change.objectId)
        default: outcome = try deleteAll(typeName: change.typeName)
        }
        if let outcome { return rejected(change, outcome) }
        try transaction.recordOperation(change.operationId, userId: session.userId)
        return ChangeResult(operationId: change.operationId, status: "applied")
    }

    private func rejected(_ change: WireChange, _ reason: String) -> ChangeResult {
        ChangeResult(operationId: change.operationId, status: "rejected", reason: reason)
    }

    /// Inserts or updates; `nil` when done, else the reason for the rejection.
    ///
    /// The object ids of a type are one namespace, so an id taken by an object the caller
    /// cannot see is refused; the reason is the same whether that object is live or deleted.
    private func write(_ change: WireChange) throws -> String? {
        let existing = try transaction.object(typeName: change.typeName, objectId: change.objectId)
        if let existing {
            guard visibility.canSee(existing) else {
                return "\(change.typeName) \(change.objectId) cannot be written by this user"
            }
            if existing.deleted { return "\(change.typeName) \(change.objectId) was deleted" }
        }
        let isOwner = existing.map { $0.ownerUser == session.userId } ?? true
        let scope = isOwner ? change.scope : existing?.scope ?? change.scope
        let version = try transaction.nextVersion()
        // A narrower scope (all → group → user; the owner and the owner group never change)
        // hides the object from some who saw it: their next pull sends them a tombstone.
        if let existing, scope < existing.scope { try transaction.recordNarrowing(of: existing, at: version) }
        try transaction.save(
            StoredObject(
                typeName: change.typeName, objectId: change.objectId, values: change.values, scope: scope,
                ownerUser: existing?.ownerUser ?? session.userId,
                ownerGroup: existing.map(\.ownerGroup) ?? session.groups.first?.groupId,
                deleted: false, version: version))
        return nil
    }

    /// Deletes a visible live object. A missing, an invisible and an already deleted object all
    /// answer alike (`applied`, nothing changes): a delete tells nothing of others' objects.
    private func delete(typeName: String, objectId: String) throws -> String? {
        guard let existing = try transaction.object(typeName: typeName, objectId: objectId),
            visibility.canSee(existing), !existing.deleted
        else { return nil }
        try tombstone(existing)
        return nil
    }

    private func deleteAll(typeName: String) throws -> String? {
        for id in try transaction.visibleObjectIds(typeName: typeName, visibility: visibility) {
            if let existing = try transaction.object(typeName: typeName, objectId: id) { try tombstone(existing) }
        }
        return nil
    }

    private func tombstone(_ object: StoredObject) throws {
        var gone = object
        gone.values = [:]
        gone.deleted = true
        gone.version = try transaction.nextVersion()
        try transaction.save(gone)
    }
}
