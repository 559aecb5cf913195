import StrataServerData
import StrataWire

/// Applies one change inside a write transaction, within the caller's scope.
struct ChangeApplier {
    let transaction: any AppTransaction
    let session: ServerSession
    let visibility: ObjectVisibility

    /// Applies `change` (recording its operation id with it) or says why not.
    func apply(_ change: WireChange) throws -> ChangeResult {
        if let problem = ChangeRules.problem(with: change) { return rejected(change, problem) }
        if try transaction.hasOperation(change.operationId) {
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

    private func notWritable(_ typeName: String, _ objectId: String) -> String {
        "\(typeName) \(objectId) cannot be written by this user"
    }

    /// Inserts or updates; `nil` when done, else the reason for the rejection.
    private func write(_ change: WireChange) throws -> String? {
        let existing = try transaction.object(typeName: change.typeName, objectId: change.objectId)
        if let existing {
            guard visibility.canSee(existing) else { return notWritable(change.typeName, change.objectId) }
            if existing.deleted { return "\(change.typeName) \(change.objectId) was deleted" }
        }
        let isOwner = existing.map { $0.ownerUser == session.userId } ?? true
        try transaction.save(
            StoredObject(
                typeName: change.typeName, objectId: change.objectId, values: change.values,
                scope: isOwner ? change.scope : existing?.scope ?? change.scope,
                ownerUser: existing?.ownerUser ?? session.userId,
                ownerGroup: existing.map(\.ownerGroup) ?? session.groups.first?.groupId,
                deleted: false, version: try transaction.nextVersion()))
        return nil
    }

    private func delete(typeName: String, objectId: String) throws -> String? {
        guard let existing = try transaction.object(typeName: typeName, objectId: objectId) else { return nil }
        guard visibility.canSee(existing) else { return notWritable(typeName, objectId) }
        if existing.deleted { return nil }
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
