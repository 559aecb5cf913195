import StrataServerData
import StrataWire

/// Concurrent writes: each stored field remembers its last writer (``FieldWriter``); an update
/// made on a copy older than another user's write of a field it changes is concurrent there,
/// and its policy (``WireChange/policy``, made stricter by ``ServerSettings/conflictPolicies``)
/// says what happens: `merge` applies it and tells the replaced user (an overwrite notice, read
/// by their pulls), `fail-if-changed` refuses it with the fields and the current object.
extension ChangeApplier {
    /// Why a change was not applied: the reason, and for a change its `fail-if-changed` policy
    /// refused, the conflicting fields and the object as stored now.
    struct Refusal {
        var reason: String
        var conflictFields: [String]?
        var current: WireObject?
        /// The user whose write of a conflicting field is the newest (the push names their account).
        var byUser: String?

        init(_ reason: String, conflictFields: [String]? = nil, current: WireObject? = nil, byUser: String? = nil) {
            self.reason = reason
            self.conflictFields = conflictFields
            self.current = current
            self.byUser = byUser
        }
    }

    /// The policy `change` is applied with: the server's for its type when that is stricter,
    /// else the change's own (`nil` is merge; an unknown one was rejected by ``ChangeRules``).
    func policy(of change: WireChange) -> WireConflictPolicy {
        if conflictPolicies[change.typeName] == .failIfChanged { return .failIfChanged }
        return change.policy.flatMap(WireConflictPolicy.init(rawValue:)) ?? .merge
    }

    /// The fields `change` writes into `existing`: the listed ones for an update with
    /// ``WireChange/fields``; otherwise (a whole replace) every key of its values and of the old ones.
    static func writtenFields(_ change: WireChange, existing: StoredObject?) -> Set<String> {
        if change.operation == "update", let fields = change.fields, existing != nil { return Set(fields) }
        return Set(change.values.keys).union(existing?.values.keys ?? [:].keys)
    }

    /// The fields on which `change` is concurrent, with the writer it would replace: it is an
    /// update (or an insert over a live object, checked as the whole update it is) with a
    /// ``WireChange/baseVersion``, another user wrote the field after that version, and the
    /// change leaves the field other than that user left it. An object stored before writers
    /// were kept has none: never concurrent.
    func concurrentWriters(_ change: WireChange, existing: StoredObject, values: [String: WireValue]) -> [String: FieldWriter] {
        guard change.operation == "update" || change.operation == "insert", !existing.deleted, let base = change.baseVersion,
            !existing.writers.isEmpty
        else { return [:] }
        var concurrent: [String: FieldWriter] = [:]
        for field in Self.writtenFields(change, existing: existing) {
            guard let writer = existing.writers[field], writer.version > base, writer.userId != session.userId,
                values[field] != existing.values[field]
            else { continue }
            concurrent[field] = writer
        }
        return concurrent
    }

    /// The refusal of a concurrent `change` whose policy is `fail-if-changed`, or `nil` (not
    /// concurrent, or merged). Nothing is written and its operation id is not recorded, so the
    /// device may resend it on top of the current object.
    func conflictRefusal(
        _ change: WireChange, existing: StoredObject, values: [String: WireValue], concurrent: [String: FieldWriter]
    ) -> Refusal? {
        guard !concurrent.isEmpty, policy(of: change) == .failIfChanged else { return nil }
        let fields = concurrent.keys.sorted()
        let newest = concurrent.values.max { ($0.version, $0.userId) < ($1.version, $1.userId) }
        let base = change.baseVersion.map(String.init) ?? "?"
        return Refusal(
            "\(change.typeName) \(change.objectId): \(fields.joined(separator: ", ")) changed since your copy (version \(base)); "
                + "the server has version \(existing.version)",
            conflictFields: fields, current: StoreObjectService.wire(existing), byUser: newest?.userId)
    }

    /// The field writers the object has once `change` is saved at `version` as `values` with
    /// `scope`: the old ones, with every field the change writes (``writtenFields(_:existing:)``)
    /// and whose value it changes now the caller's (a whole replace that leaves a field as it
    /// was does not claim it). A narrower scope drops the old writers: a later write is then
    /// never concurrent with (nor tells) a user who may no longer see the object.
    func writers(
        after change: WireChange, existing: StoredObject?, values: [String: WireValue], scope: Int, version: Int64
    ) -> [String: FieldWriter] {
        var writers = existing?.writers ?? [:]
        if let existing, scope < existing.scope { writers = [:] }
        let writer = FieldWriter(version: version, userId: session.userId, operationId: change.operationId)
        for field in Self.writtenFields(change, existing: existing) where existing == nil || values[field] != existing?.values[field] {
            writers[field] = writer
        }
        return writers
    }

    /// Records, for each earlier write `change` replaced concurrently (merged), one notice for
    /// its user: the fields of that write replaced, what it had set them to, what they hold now.
    /// Only a user who can see the object as `change` leaves it is told (``NoticeAudience``).
    func recordNotices(
        _ change: WireChange, existing: StoredObject, values: [String: WireValue], concurrent: [String: FieldWriter],
        version: Int64
    ) async throws {
        guard !concurrent.isEmpty else { return }
        var byWrite: [FieldWriter: [String]] = [:]
        // Someone who cannot see the object now (a user-scope object not theirs, a group object
        // of a group they left) is not told what it now holds.
        for (field, writer) in concurrent
        where audience.canSee(writer.userId, scope: change.scope, ownerUser: existing.ownerUser, ownerGroup: existing.ownerGroup) {
            // One notice per replaced operation, whatever version each of its fields took.
            let key = FieldWriter(version: 0, userId: writer.userId, operationId: writer.operationId)
            byWrite[key, default: []].append(field)
        }
        for (writer, fields) in byWrite.sorted(by: { ($0.key.userId, $0.key.operationId) < ($1.key.userId, $1.key.operationId) }) {
            let fields = fields.sorted()
            try await transaction.recordOverwrite(
                StoredOverwrite(
                    typeName: change.typeName, objectId: change.objectId, version: version, userId: writer.userId,
                    operationId: writer.operationId, fields: fields,
                    yours: existing.values.filter { fields.contains($0.key) }, theirs: values.filter { fields.contains($0.key) },
                    byUser: session.userId, recordedAt: now))
        }
    }
}
