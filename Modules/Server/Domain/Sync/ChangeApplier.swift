import StrataServerData
import StrataWire

/// Applies one change inside a write transaction, within the caller's scope and as
/// ``AccessRules`` allow the caller.
struct ChangeApplier {
    let transaction: any AppTransaction
    let session: ServerSession
    let visibility: ObjectVisibility
    /// Who may write what: every write and delete asks it (``AccessRules``).
    let caller: AccessCaller
    /// The types only a group's lead (or an administrator) may create and edit, as
    /// ``AccessOperation/postAnnouncement`` (``ServerSettings/leadPostedTypes``).
    var leadPostedTypes: Set<String> = ServerSettings.defaultLeadPostedTypes

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
            let edit = decide(leadPosted(change) ? .postAnnouncement : .edit, existing)
            if edit != .allowed { return refusal(edit, change.typeName, change.objectId) }
            if change.scope != existing.scope {
                let scopeChange = decide(.changeScope, existing)
                if scopeChange != .allowed { return refusal(scopeChange, change.typeName, change.objectId) }
            }
        } else {
            // A lead-posted type (announcements) is posted for the caller's primary group, the
            // new object's owner group: the caller must lead it.
            let create =
                leadPosted(change)
                ? caller.decide(
                    .postAnnouncement, scope: change.scope, ownerUser: caller.userId, ownerGroup: caller.primaryGroupId)
                : caller.decideCreate(scope: change.scope)
            if create != .allowed { return refusal(create, change.typeName, change.objectId) }
        }
        let scope = change.scope  // a scope change passed the rules above
        let version = try transaction.nextVersion()
        // A narrower scope (all → group → user; the owner and the owner group never change)
        // hides the object from some who saw it: their next pull sends them a tombstone.
        if let existing, scope < existing.scope { try transaction.recordNarrowing(of: existing, at: version) }
        try transaction.save(
            StoredObject(
                typeName: change.typeName, objectId: change.objectId, values: Self.merged(change, into: existing), scope: scope,
                ownerUser: existing?.ownerUser ?? session.userId,
                ownerGroup: existing.map(\.ownerGroup) ?? session.groups.first?.groupId,
                deleted: false, version: version))
        return nil
    }

    /// The values `change` leaves the object with: for an update that lists its ``WireChange/fields``
    /// of an object the server holds, the stored values with just those fields replaced (a listed
    /// field without a value is removed), so concurrent edits of different fields all survive and
    /// the last write of each field in the server's order wins; otherwise (an insert, an update
    /// without `fields` as older clients send it) the change's values, whole.
    static func merged(_ change: WireChange, into existing: StoredObject?) -> [String: WireValue] {
        guard change.operation == "update", let fields = change.fields, let existing, !existing.deleted else {
            return change.values
        }
        var values = existing.values
        for field in fields { values[field] = change.values[field] }
        return values
    }

    /// Deletes a visible live object. A missing, an invisible and an already deleted object all
    /// answer alike (`applied`, nothing changes): a delete tells nothing of others' objects.
    private func delete(typeName: String, objectId: String) throws -> String? {
        guard let existing = try transaction.object(typeName: typeName, objectId: objectId),
            visibility.canSee(existing), !existing.deleted
        else { return nil }
        let decision = decide(.delete, existing)
        if decision != .allowed { return refusal(decision, typeName, objectId) }
        try tombstone(existing)
        return nil
    }

    /// Deletes every visible live object of the type, or, when the caller may not delete one of
    /// them, none (the reason names the first by id, and how many more).
    private func deleteAll(typeName: String) throws -> String? {
        var objects: [StoredObject] = []
        var refused: [(id: String, decision: AccessDecision)] = []
        for id in try transaction.visibleObjectIds(typeName: typeName, visibility: visibility).sorted() {
            guard let existing = try transaction.object(typeName: typeName, objectId: id), !existing.deleted else { continue }
            let decision = decide(.delete, existing)
            if decision == .allowed { objects.append(existing) } else { refused.append((id, decision)) }
        }
        if let first = refused.first, let reason = refusal(first.decision, typeName, first.id) {
            let more = refused.count > 1 ? " (and \(refused.count - 1) more)" : ""
            return "deleteAll deleted nothing: \(reason)\(more)"
        }
        for object in objects { try tombstone(object) }
        return nil
    }

    /// Whether `change` writes a type only a lead may post.
    private func leadPosted(_ change: WireChange) -> Bool { leadPostedTypes.contains(change.typeName) }

    private func decide(_ operation: AccessOperation, _ object: StoredObject) -> AccessDecision {
        caller.decide(operation, scope: object.scope, ownerUser: object.ownerUser, ownerGroup: object.ownerGroup)
    }

    /// `T ID: <the rule's reason>`, or `nil` when `decision` allows.
    private func refusal(_ decision: AccessDecision, _ typeName: String, _ objectId: String) -> String? {
        decision.reason.map { "\(typeName) \(objectId): \($0)" }
    }

    private func tombstone(_ object: StoredObject) throws {
        var gone = object
        gone.values = [:]
        gone.deleted = true
        gone.version = try transaction.nextVersion()
        try transaction.save(gone)
    }
}
