import Foundation
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
    /// The policies the server applies whatever a change names (``ServerSettings/conflictPolicies``).
    var conflictPolicies: [String: WireConflictPolicy] = [:]
    /// When the push is applied: the time its overwrite notices are recorded at.
    var now = Date()
    /// Who may be told of an overwrite: only a user who can see the object now (``NoticeAudience``).
    let audience: NoticeAudience

    /// Applies `change`, the batch's change number `index` (recording its operation id with it),
    /// or says why not.
    func apply(_ change: WireChange, index: Int) async throws -> ChangeResult {
        try await applied(change, index: index).result
    }

    /// Applies `change` as ``apply(_:index:)`` does, and hands back the object as it was stored
    /// before the change (`nil`: none, or a `deleteAll`), as the change itself read it: the push's
    /// live-change wake needs its old place (``StoreObjectService``).
    ///
    /// Nothing is read before the change passed ``ChangeRules/problem(with:index:)`` and is no
    /// duplicate, so a malformed change (an id with U+0000, which no store may look up) is
    /// rejected per change and never fails the whole push.
    ///
    /// `cascaded` holds the objects a delete deleted with the one it names (each as it was before:
    /// those whose parent, ``StoredObject/parentType``, it deleted), whose places the wake covers too.
    func applied(_ change: WireChange, index: Int) async throws
        -> (result: ChangeResult, before: StoredObject?, cascaded: [StoredObject])
    {
        if let problem = ChangeRules.problem(with: change, index: index) { return (rejected(change, problem), nil, []) }
        if let problem = ownerGroupProblem(change, index: index) { return (rejected(change, problem), nil, []) }
        // Ids are kept per user: another user's id never makes this change a duplicate.
        if try await transaction.hasOperation(change.operationId, userId: session.userId) {
            return (ChangeResult(operationId: change.operationId, status: "duplicate"), nil, [])
        }
        let before = change.operation == "deleteAll" ? nil : try await transaction.object(typeName: change.typeName, objectId: change.objectId)
        let outcome: Refusal?
        var cascaded: [StoredObject] = []
        switch change.operation {
        case "insert", "update": outcome = try await write(change, existing: before)
        case "delete":
            outcome = try await delete(change, existing: before, cascaded: &cascaded).map { Refusal($0) }
        default: outcome = try await deleteAll(typeName: change.typeName, cascaded: &cascaded).map { Refusal($0) }
        }
        if let outcome {
            var result = rejected(change, outcome.reason)
            result.conflictFields = outcome.conflictFields
            result.current = outcome.current
            result.byAccount = outcome.byUser  // a user id: the push names the account (StoreObjectService)
            return (result, before, [])
        }
        try await transaction.recordOperation(change.operationId, userId: session.userId)
        return (ChangeResult(operationId: change.operationId, status: "applied"), before, cascaded)
    }

    /// Why the ``WireChange/ownerGroup`` of `change` cannot be taken, or `nil`: a change may name
    /// a new object's owner group only among the caller's own groups. An update's may be any
    /// (an object's owner group never changes, so it is ignored there).
    private func ownerGroupProblem(_ change: WireChange, index: Int) -> String? {
        guard let group = change.ownerGroup, change.operation == "insert" else { return nil }
        if session.groups.contains(where: { $0.groupId == group }) { return nil }
        return "changes[\(index)].ownerGroup \(group.prefix(128)) is not one of your groups"
    }

    /// The owner group a new object written by `change` gets: the one the change names (a group
    /// of the caller's, ``ownerGroupProblem(_:index:)``), else the caller's primary group.
    private func newOwnerGroup(_ change: WireChange) -> String? {
        Self.newOwnerGroup(change, session: session)
    }

    /// The owner group a new object written by `change` for `session`'s user gets (see
    /// ``newOwnerGroup(_:)``). An update that creates the object (one the server lacks, re-sent
    /// after a restore) takes the group it names as an insert does, when the user is a member of
    /// it; else (an older client's update names none) the primary group.
    static func newOwnerGroup(_ change: WireChange, session: ServerSession) -> String? {
        if change.operation == "insert" || change.operation == "update", let group = change.ownerGroup,
            session.groups.contains(where: { $0.groupId == group })
        {
            return group
        }
        return session.groups.first?.groupId
    }

    private func rejected(_ change: WireChange, _ reason: String) -> ChangeResult {
        ChangeResult(operationId: change.operationId, status: "rejected", reason: reason)
    }

    /// Inserts or updates; `nil` when done, else why it was refused.
    ///
    /// The object ids of a type are one namespace, so an id taken by an object the caller
    /// cannot see is refused; the reason is the same whether that object is live or deleted.
    /// A change that passed the access rules then meets its conflict policy
    /// (``conflictRefusal(_:existing:values:concurrent:)``), and a merged one records its
    /// overwrite notices (``recordNotices(_:existing:values:concurrent:version:)``).
    private func write(_ change: WireChange, existing: StoredObject?) async throws -> Refusal? {
        if let existing {
            guard try await sees(existing) else {
                return Refusal("\(change.typeName) \(change.objectId) cannot be written by this user")
            }
            if existing.deleted { return Refusal("\(change.typeName) \(change.objectId) was deleted") }
            let edit = decide(leadPosted(change) ? .postAnnouncement : .edit, existing)
            if edit != .allowed { return refusal(edit, change.typeName, change.objectId).map { Refusal($0) } }
            if change.scope != existing.scope {
                let scopeChange = decide(.changeScope, existing)
                if scopeChange != .allowed { return refusal(scopeChange, change.typeName, change.objectId).map { Refusal($0) } }
            }
        } else {
            // A lead-posted type (announcements) is posted for the new object's owner group (the
            // one the change names, else the caller's primary group): the caller must lead it.
            // Any other type is created as the caller's role in that group allows.
            let create = caller.decide(
                leadPosted(change) ? .postAnnouncement : .create, scope: change.scope, ownerUser: caller.userId,
                ownerGroup: newOwnerGroup(change))
            if create != .allowed { return refusal(create, change.typeName, change.objectId).map { Refusal($0) } }
        }
        if let refusal = try await parentRefusal(change) { return refusal }
        let values = Self.merged(change, into: existing)
        let concurrent = existing.map { concurrentWriters(change, existing: $0, values: values) } ?? [:]
        if let existing, let refusal = conflictRefusal(change, existing: existing, values: values, concurrent: concurrent) {
            return refusal
        }
        let scope = change.scope  // a scope change passed the rules above
        let version = try await transaction.nextVersion()
        // A narrower scope (all → group → user; the owner and the owner group never change)
        // hides the object from some who saw it: their next pull sends them a tombstone.
        if let existing, scope < existing.scope { try await transaction.recordNarrowing(of: existing, at: version) }
        try await transaction.save(
            StoredObject(
                typeName: change.typeName, objectId: change.objectId, values: values, scope: scope,
                ownerUser: existing?.ownerUser ?? session.userId,
                ownerGroup: existing.map(\.ownerGroup) ?? newOwnerGroup(change),
                deleted: false, version: version,
                writers: writers(after: change, existing: existing, values: values, scope: scope, version: version),
                parentType: change.parentType ?? existing?.parentType, parentId: change.parentId ?? existing?.parentId))
        if let existing {
            try await recordNotices(change, existing: existing, values: values, concurrent: concurrent, version: version)
        }
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
    /// The objects under it (``StoredObject/parentType``) go with it, into `cascaded`. A delete
    /// of an object the server does not have (a restore lost it) still deletes the live
    /// objects under it that the caller sees and may delete: nobody else would. And it leaves a
    /// tombstone of it, the caller's, so the object stays deleted: a teammate's edit made on an
    /// older copy (or its owner's re-send) cannot create it again (soak seed 1100242: bob's
    /// stale edit re-created a follow-up alice had deleted with its report, under no report).
    private func delete(_ change: WireChange, existing: StoredObject?, cascaded: inout [StoredObject]) async throws -> String? {
        let (typeName, objectId) = (change.typeName, change.objectId)
        guard let existing else {
            try await tombstoneOrphans(of: typeName, objectId, into: &cascaded)
            let named = change.ownerGroup.flatMap { group in session.groups.contains { $0.groupId == group } ? group : nil }
            try await transaction.save(
                StoredObject(
                    typeName: typeName, objectId: objectId, values: [:], scope: change.scope, ownerUser: session.userId,
                    ownerGroup: named ?? session.groups.first?.groupId, deleted: true, version: try await transaction.nextVersion(),
                    parentType: change.parentType, parentId: change.parentId))
            return nil
        }
        guard try await sees(existing), !existing.deleted
        else { return nil }
        let decision = decide(.delete, existing)
        if decision != .allowed { return refusal(decision, typeName, objectId) }
        try await tombstone(existing)
        try await tombstoneChildren(of: existing, into: &cascaded)
        return nil
    }

    /// Deletes the live objects naming the missing `typeName` `objectId` as their parent that
    /// the caller sees and may delete (and the objects under those), into `cascaded`.
    private func tombstoneOrphans(of typeName: String, _ objectId: String, into cascaded: inout [StoredObject]) async throws {
        for child in try await transaction.liveChildren(parentType: typeName, parentId: objectId) {
            let current = try await transaction.object(typeName: child.typeName, objectId: child.objectId) ?? child
            guard !current.deleted, try await sees(current), decide(.delete, current) == .allowed else { continue }
            try await tombstone(current)
            cascaded.append(current)
            try await tombstoneChildren(of: current, into: &cascaded)
        }
    }

    /// Deletes, in this write, every live object whose parent `object` is (a deleted report's
    /// follow-ups, whoever made them and whoever may see them), and theirs in turn; each as it
    /// was goes into `cascaded`. They are versioned writes as any delete: every device that sees
    /// one pulls its tombstone.
    private func tombstoneChildren(of object: StoredObject, into cascaded: inout [StoredObject]) async throws {
        var parents = [object]
        var seen: Set<[String]> = [[object.typeName, object.objectId]]
        while let parent = parents.popLast() {
            for child in try await transaction.liveChildren(parentType: parent.typeName, parentId: parent.objectId)
            where seen.insert([child.typeName, child.objectId]).inserted {
                // This transaction's own copy (a child changed earlier in the batch) when it has one.
                let current = try await transaction.object(typeName: child.typeName, objectId: child.objectId) ?? child
                guard !current.deleted else { continue }
                try await tombstone(current)
                cascaded.append(current)
                parents.append(current)
            }
        }
    }

    /// The refusal of an insert or update whose parent (``WireChange/parentType``) the server
    /// holds as deleted, or `nil`. A parent the server never had is no reason: it may be
    /// pushed later in the batch, or by a device that has not synced yet.
    private func parentRefusal(_ change: WireChange) async throws -> Refusal? {
        guard let type = change.parentType, let id = change.parentId,
            let parent = try await transaction.object(typeName: type, objectId: id)
        else { return nil }
        if parent.deleted { return Refusal("\(change.typeName) \(change.objectId): its \(type) \(id) was deleted") }
        // Its scope follows its parent's: a user who cannot see the parent (removed from its
        // group) may not file an object under it, which would then show it to her alone.
        guard visibility.seesParent(parent) else {
            return Refusal("\(change.typeName) \(change.objectId): its \(type) \(id) is not visible to you")
        }
        return nil
    }

    /// Deletes every visible live object of the type, or, when the caller may not delete one of
    /// them, none (the reason names the first by id, and how many more).
    private func deleteAll(typeName: String, cascaded: inout [StoredObject]) async throws -> String? {
        var objects: [StoredObject] = []
        var refused: [(id: String, decision: AccessDecision)] = []
        for id in try await transaction.visibleObjectIds(typeName: typeName, visibility: visibility).sorted() {
            guard let existing = try await transaction.object(typeName: typeName, objectId: id), !existing.deleted else { continue }
            let decision = decide(.delete, existing)
            if decision == .allowed { objects.append(existing) } else { refused.append((id, decision)) }
        }
        if let first = refused.first, let reason = refusal(first.decision, typeName, first.id) {
            let more = refused.count > 1 ? " (and \(refused.count - 1) more)" : ""
            return "deleteAll deleted nothing: \(reason)\(more)"
        }
        for object in objects {
            try await tombstone(object)
            try await tombstoneChildren(of: object, into: &cascaded)
        }
        return nil
    }

    /// Whether the caller sees `object`: by its own place and, for an object filed under a
    /// parent the server holds, while she sees that parent (as a pull shows it).
    private func sees(_ object: StoredObject) async throws -> Bool {
        guard visibility.canSee(object) else { return false }
        guard let type = object.parentType, let id = object.parentId else { return true }
        return try await visibility.canSee(object, parent: transaction.object(typeName: type, objectId: id))
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

    private func tombstone(_ object: StoredObject) async throws {
        var gone = object
        gone.values = [:]
        gone.writers = [:]
        gone.deleted = true
        gone.version = try await transaction.nextVersion()
        try await transaction.save(gone)
    }
}
