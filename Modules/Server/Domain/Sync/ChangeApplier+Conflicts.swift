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

        init(_ reason: String, conflictFields: [String]? = nil, current: WireObject? = nil) {
            self.reason = reason
            self.conflictFields = conflictFields
            self.current = current
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
    /// update with a ``WireChange/baseVersion``, another user wrote the field after that version,
    /// and the change leaves the field other than that user left it. An object stored before
    /// writers were kept has none: never concurrent.
    func concurrentWriters(_ change: WireChange, existing: StoredObject, values: [String: WireValue]) -> [String: FieldWriter] {
        guard change.operation == "update", let base = change.baseVersion, !existing.writers.isEmpty else { return [:] }
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
        let base = change.baseVersion.map(String.init) ?? "?"
        return Refusal(
            "\(change.typeName) \(change.objectId): \(fields.joined(separator: ", ")) changed since your copy (version \(base)); "
                + "the server has version \(existing.version)",
            conflictFields: fields, current: StoreObjectService.wire(existing))
    }

    /// The field writers the object has once `change` is saved at `version`: the old ones, with
    /// every field the change writes (``writtenFields(_:existing:)``) now the caller's.
    func writers(after change: WireChange, existing: StoredObject?, version: Int64) -> [String: FieldWriter] {
        var writers = existing?.writers ?? [:]
        let writer = FieldWriter(version: version, userId: session.userId, operationId: change.operationId)
        for field in Self.writtenFields(change, existing: existing) { writers[field] = writer }
        return writers
    }

    /// Records, for each earlier write `change` replaced concurrently (merged), one notice for
    /// its user: the fields of that write replaced, what it had set them to, what they hold now.
    func recordNotices(
        _ change: WireChange, existing: StoredObject, values: [String: WireValue], concurrent: [String: FieldWriter],
        version: Int64
    ) throws {
        guard !concurrent.isEmpty else { return }
        var byWrite: [FieldWriter: [String]] = [:]
        for (field, writer) in concurrent {
            // One notice per replaced operation, whatever version each of its fields took.
            let key = FieldWriter(version: 0, userId: writer.userId, operationId: writer.operationId)
            byWrite[key, default: []].append(field)
        }
        for (writer, fields) in byWrite.sorted(by: { ($0.key.userId, $0.key.operationId) < ($1.key.userId, $1.key.operationId) }) {
            let fields = fields.sorted()
            try transaction.recordOverwrite(
                StoredOverwrite(
                    typeName: change.typeName, objectId: change.objectId, version: version, userId: writer.userId,
                    operationId: writer.operationId, fields: fields,
                    yours: existing.values.filter { fields.contains($0.key) }, theirs: values.filter { fields.contains($0.key) },
                    byUser: session.userId, recordedAt: now))
        }
    }
}
