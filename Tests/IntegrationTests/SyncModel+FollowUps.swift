import Foundation

/// Follow-ups in the model (Docs/Sync.md: what `FollowUp` declares, and what syncs): a
/// follow-up takes its report's owner group and is filed by its author; its updates are
/// fail-if-changed. An update based on version `b` that changes a field another user wrote
/// after `b` (to another value than the update's) is refused and writes nothing; when `isDone`
/// is the only such field, the domain's resolver settles it at once (done wins: `isDone` is
/// true when either side has it true) and the device sends the change again on the server's
/// version in the same sync, which is then never concurrent.
extension SyncModel {
    /// The follow-ups `device` holds of `report`, in the order they were added.
    func children(of report: String, on device: Int) -> [String] {
        devices[device].rows.filter { $0.value.parent == report }.keys.sorted { created[$0] ?? 0 < created[$1] ?? 0 }
    }

    /// A new follow-up of `report` (a report `device` holds), filed under the report's group.
    mutating func addFollowUp(_ device: Int, id: String, report: String, fields: Fields) {
        guard let parent = devices[device].rows[report] else { return }
        created[id] = created.count
        devices[device].rows[id] = Row(owner: devices[device].user, group: parent.group, fields: fields, parent: report)
        devices[device].pending.append(.insert(id))
    }

    /// Whether the server keeps the parent rules (``parentRules``): on unless `STRATA_SYNC_MODEL_PARENT_RULES=0`.
    static var parentRulesDefault: Bool {
        ProcessInfo.processInfo.environment["STRATA_SYNC_MODEL_PARENT_RULES"].map { $0 != "0" } ?? true
    }

    /// The server's cascade: tombstones every live object whose parent is `id`, each a versioned write.
    /// `visibleTo`: only those that user sees (a delete of a report the server lacks).
    mutating func cascadeDelete(of id: String, visibleTo user: String? = nil) {
        for (child, object) in objects.sorted(by: { $0.key < $1.key })
        where object.parent == id && !object.deleted && (user.map { canSee($0, object) } ?? true) {
            version += 1
            objects[child] = Object(
                owner: object.owner, group: object.group, fields: [:], deleted: true, version: version, parent: object.parent)
        }
    }

    /// The change the server applies for a follow-up update by `user`, or nil when it refuses
    /// it (noted in ``refusing``): the fields it changes that another user wrote after `base`
    /// with another value are in conflict; `isDone` alone is settled by the resolver.
    /// A `stale` base (pulled before a restore) is a version of another history: the refusal
    /// the sync reported is taken as given, and so is a settlement the sync counted that the
    /// model has not explained yet (soak seed 1100058: bob's `isDone` false on a copy from
    /// before a restore met alice's true, and the resolver settled it: done wins).
    mutating func failIfChanged(_ object: Object, id: String, changed: Fields, base: Int?, by user: String, stale: Bool = false) -> Change? {
        guard let base else { return .update(id, changed, base: nil) }
        if stale {
            refusing.unsure = true
            if let fields = reportedRefusals[id] {
                refusing.refused[id] = fields
                return nil
            }
            if reportedResolved > refusing.resolved, let done = changed["isDone"], object.fields["isDone"] != done,
                let writer = object.writers["isDone"], writer.user != user
            {
                var settled = changed
                settled["isDone"] = "\(done == "true" || object.fields["isDone"] == "true")"
                refusing.resolved += 1
                return .update(id, settled, base: object.version)
            }
            return .update(id, changed, base: base)
        }
        let conflicting = changed.filter { field, value in
            guard let writer = object.writers[field] else { return false }
            return writer.version > base && writer.user != user && object.fields[field] != value
        }.keys.sorted()
        if conflicting.isEmpty { return .update(id, changed, base: base) }
        guard conflicting == ["isDone"] else {
            refusing.refused[id] = conflicting
            return nil
        }
        var settled = changed
        settled["isDone"] = "\(changed["isDone"] == "true" || object.fields["isDone"] == "true")"
        refusing.resolved += 1
        return .update(id, settled, base: object.version)
    }

    /// Follow-ups whose report the server has deleted (or never had) while they live on, as
    /// ids: a report deleted by a device that had not pulled all its follow-ups leaves the
    /// others on the server, and on the devices by when they pulled what (a limit the check
    /// counts, Docs/Sync.md; each device's pull of the deletion drops those it holds).
    func orphanFollowUps() -> Set<String> {
        var orphans: Set<String> = []
        let parents = objects.compactMap { id, object in object.parent.map { (id, $0) } }
            + devices.flatMap { $0.rows.compactMap { id, row in row.parent.map { (id, $0) } } }
        for (id, parent) in parents where objects[parent].map(\.deleted) ?? true { orphans.insert(id) }
        return orphans
    }

    /// What breaks the parent rules on the server: a live follow-up whose report is deleted or
    /// missing (it outlives its report), or filed under another group than its live report's.
    func parentViolations() -> [String] {
        var found: [String] = []
        for (id, object) in objects.sorted(by: { $0.key < $1.key }) where !object.deleted {
            guard let parent = object.parent else { continue }
            guard let report = objects[parent], !report.deleted else {
                found.append("follow-up \(id) outlives its report \(parent) on the server (\(objects[parent] == nil ? "missing" : "deleted"))")
                continue
            }
            if report.group != object.group {
                found.append("follow-up \(id) is filed under \(object.group), its report \(parent) under \(report.group)")
            }
        }
        return found
    }

    /// The follow-ups `user` is shown whose report the user cannot see (or that is gone):
    /// follow-up id → report id. Whoever sees a report sees its follow-ups, and nobody else.
    func strayFollowUps(_ held: [String: Fields], of user: String) -> [String: String] {
        var stray: [String: String] = [:]
        for (id, fields) in held {
            guard let report = fields["caseReportID"] else { continue }
            if let object = objects[report], !object.deleted, canSee(user, object) { continue }
            stray[id] = report
        }
        return stray
    }
}
