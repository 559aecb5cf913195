/// The reference model of the model-based sync test (``SyncModelTests``): what the server and
/// every device should hold, predicted by the rules Docs/Sync.md declares, step by step as the
/// driver (``SyncModelDriver``) acts on the real system.
///
/// - Field merge: an update replaces only the fields it lists; the last write of a field in the
///   server's order wins. The driver syncs one device at a time, so the server's order is the
///   order of the pushes the model is told about.
/// - Deletes win: an update of a deleted object is rejected (and discarded by the driver).
/// - Restore: the server goes back to the backup (objects and memberships) with a new epoch; a
///   device that then syncs re-pulls everything and re-sends what its user owns that the server
///   lacks (as inserts) or holds with other values (as updates, keeping its own values), and
///   drops others' objects the re-pull did not return (their owners' devices re-send them).
/// - Revocation: a device whose user's groups changed re-pulls and drops others' objects the
///   re-pull did not return. Visible: the owner, or a member of the object's owner group.
/// - Overwrite notices (SyncModel+Notices.swift): a field write replaced by another user's
///   write that was based on a version before it is told to the device that made it.
/// - Follow-ups (SyncModel+FollowUps.swift): fail-if-changed with the domain's resolver (done
///   wins when `isDone` alone conflicts); a follow-up takes its report's owner group; deleting a
///   report deletes the follow-ups its device holds first, and a pulled report deletion takes
///   the device's follow-ups of it (and their waiting changes) along. With the parent rules
///   (``parentRules``) the server deletes a deleted report's other live follow-ups too, refuses a
///   follow-up change under a deleted report, and files a re-created object under its change's group.
struct SyncModel {
    /// An object's compared fields as text: a report's `patientName`, `age`, `gender`,
    /// `isFollow`, `memo`; a follow-up's `caseReportID`, `memo`, `isDone`, `arb`, `maxBloodPressure`.
    typealias Fields = [String: String]

    /// An object as the server holds it.
    struct Object: Hashable {
        var owner: String, group: String, fields: Fields, deleted = false
        /// The server version of its last write, and each field's last writer.
        var version = 0, writers: [String: Writer] = [:]
        /// A follow-up's report (nil: a report).
        var parent: String? = nil
    }

    /// Who wrote a field last: at which version, as which user, from which device.
    struct Writer: Hashable { let version: Int, user: String, device: String }

    /// A row as a device holds it.
    struct Row: Hashable {
        var owner: String, group: String, fields: Fields
        /// The server version it was last pulled at (nil: never pulled).
        var version: Int? = nil
        /// A follow-up's report (nil: a report).
        var parent: String? = nil
    }

    /// A change waiting in a device's journal.
    enum Change: Hashable {
        /// An update carries the version its row was pulled at (its base).
        case insert(String), update(String, Fields, base: Int?), delete(String)
        var id: String {
            switch self {
            case .insert(let id), .update(let id, _, _), .delete(let id): id
            }
        }
    }

    struct Device {
        let name: String, user: String
        var rows: [String: Row] = [:]
        var pending: [Change] = []
        /// The server epoch and the user's groups at its last pull (nil: never pulled).
        var epoch: Int?, groups: Set<String>?
        /// Ids whose changes were rejected and discarded: fetched again at the next pull.
        var refetch: Set<String> = []
        /// Overwrite notices pulled, and those about objects deleted since (told or not: not checked).
        var told: Set<Notice> = [], unsure: Set<Notice> = []
    }

    /// What the model predicts one sync does.
    struct Prediction: Equatable {
        var rejected: Set<String> = []
        var reset = false, revoked = false
        /// Follow-up changes refused by fail-if-changed and left to the user: id → the fields in conflict.
        var refused: [String: [String]] = [:]
        /// Refused follow-up changes the resolver settled (done wins) and sent again.
        var resolved = 0
        /// Whether a follow-up update based on a copy pulled before a restore was pushed: the
        /// model then takes the server's refusals as given and leaves the resolutions unchecked.
        var unsure = false
    }

    /// One write of a field the server acknowledged, in the server's order.
    struct Write { let device: String, id: String, field: String, value: String }

    var objects: [String: Object] = [:]
    /// Each user's groups, the first one primary (where their new reports are filed).
    var memberships: [String: [String]]
    var epoch = 0
    /// The server's newest version.
    var version = 0
    var notices: [Notice] = []
    /// Notices the server may or may not record (an update based on a copy pulled before a restore).
    var maybeNotices: [Notice] = []
    /// Other users' field writes a client reset's re-send replaced (no base, so no notice).
    var silentOverwrites = 0
    var backup: (objects: [String: Object], memberships: [String: [String]], version: Int, notices: [Notice])?
    var devices: [Device]
    var writes: [Write] = []
    /// Each object's place in the order of adds: the driver picks among a device's rows in this
    /// order (never by id, which the store draws at random), so a seed replays the same history.
    var created: [String: Int] = [:]
    /// How many writes there were at each restore.
    var restoredAt: [Int] = []
    /// The refusals and resolutions of the sync being predicted.
    var refusing = Prediction()
    /// The follow-up refusals the sync being predicted reported (id → fields): taken as given
    /// for an update based on a copy pulled before a restore (a version of another history).
    var reportedRefusals: [String: [String]] = [:]
    /// How many refused follow-up changes the sync being predicted reported the resolver
    /// settled: a stale-based update's settlement is taken as given while this many are unexplained.
    var reportedResolved = 0
    /// Follow-ups an update re-created (after a restore) under its pusher's primary group, not their report's.
    var refiled: Set<String> = []
    /// Whether the server keeps the parent rules (issue 26): deleting a report deletes its live
    /// follow-ups; a follow-up change under a deleted report is refused; an update that creates
    /// an object is filed under the change's group when its user is in it. Without them (a
    /// server before that change, `STRATA_SYNC_MODEL_PARENT_RULES=0`) the model predicts the old
    /// server and the check counts orphaned and re-filed follow-ups instead of failing.
    var parentRules = SyncModel.parentRulesDefault

    init(memberships: [String: [String]], devices: [(name: String, user: String)]) {
        self.memberships = memberships
        self.devices = devices.map { Device(name: $0.name, user: $0.user) }
    }

    /// Whether `user` sees `object`: her own, or her group's; and, for a follow-up whose report
    /// the server holds live (with the parent rules), only while she sees that report too: a member
    /// removed from a report's group no longer sees the follow-ups she filed under it.
    func canSee(_ user: String, _ object: Object) -> Bool {
        guard placeVisible(user, object) else { return false }
        guard parentRules, let parent = object.parent, let report = objects[parent], !report.deleted else { return true }
        return placeVisible(user, report)
    }

    /// Whether `user` sees an object by its own place alone: her own, or her group's.
    func placeVisible(_ user: String, _ object: Object) -> Bool {
        object.owner == user || (memberships[user] ?? []).contains(object.group)
    }

    /// The live objects `user` sees, as the server would answer a pull from 0.
    func visible(to user: String) -> [String: Fields] {
        objects.filter { !$0.value.deleted && canSee(user, $0.value) }.mapValues(\.fields)
    }

    // MARK: Local operations (no server)

    mutating func add(_ device: Int, id: String, fields: Fields) {
        let user = devices[device].user
        created[id] = created.count
        devices[device].rows[id] = Row(owner: user, group: memberships[user]?.first ?? "", fields: fields)
        devices[device].pending.append(.insert(id))
    }

    mutating func edit(_ device: Int, id: String, field: String, value: String) {
        devices[device].rows[id]?.fields[field] = value
        // Unsent updates of one object fold into one, listing the fields of both, on the first one's base.
        for (index, change) in devices[device].pending.enumerated() {
            guard case .update(id, var fields, let base) = change else { continue }
            fields[field] = value
            devices[device].pending[index] = .update(id, fields, base: base)
            return
        }
        devices[device].pending.append(.update(id, [field: value], base: devices[device].rows[id]?.version))
    }

    mutating func delete(_ device: Int, id: String) {
        // A report's delete deletes the follow-ups the device holds first (through the journal).
        for child in children(of: id, on: device) { delete(device, id: child) }
        devices[device].rows[id] = nil
        // The journal folds unsent updates into the delete: they are never sent (nor rejected).
        devices[device].pending.removeAll { change in
            if case .update(let other, _, _) = change { return other == id }
            return false
        }
        devices[device].pending.append(.delete(id))
    }

    // MARK: Server operations

    mutating func takeBackup() { backup = (objects, memberships, version, notices) }

    mutating func restore() {
        guard let backup else { return }
        (objects, memberships, version, notices) = (backup.objects, backup.memberships, backup.version, backup.notices)
        epoch += 1
        restoredAt.append(writes.count)
    }

    mutating func setMember(_ user: String, of group: String, _ member: Bool) {
        var groups = memberships[user] ?? []
        groups.removeAll { $0 == group }
        if member { groups.append(group) }
        memberships[user] = groups
    }

    // MARK: Sync

    /// One `syncNow()` of `index`: push its journal, pull (a reset or a revocation re-pulls from
    /// the start), re-send after a reset; the driver then discards what was rejected.
    mutating func sync(_ index: Int, reportedRefusals: [String: [String]] = [:], reportedResolved: Int = 0) -> Prediction {
        self.reportedRefusals = reportedRefusals
        self.reportedResolved = reportedResolved
        var device = devices[index]
        let user = device.user
        refusing = Prediction()
        // Rejected inserts: discarding one deletes its row (and the rows under it) at once.
        var refusedInserts: Set<String> = []
        for change in device.pending where !push(change, by: device) {
            refusing.rejected.insert(change.id)
            if case .insert = change { refusedInserts.insert(change.id) }
        }
        device.pending = []
        var prediction = refusing
        prediction.reset = device.epoch.map { $0 != epoch } ?? false
        let groups = Set(memberships[user] ?? [])
        prediction.revoked = device.groups.map { $0 != groups } ?? false
        // The pull: every visible object arrives as the server holds it, except those whose change was rejected (kept local).
        var resend: [String: Row] = [:]
        // Reports first, then follow-ups (the pull's order); a pulled report deletion takes the
        // device's follow-ups of it along, with their changes still waiting (rejected ones).
        let pulled = objects.filter { canSee(user, $0.value) }
        for (id, object) in pulled.sorted(by: { ($0.value.parent != nil ? 1 : 0, $0.key) < ($1.value.parent != nil ? 1 : 0, $1.key) })
        where !prediction.rejected.contains(id) {
            if object.deleted {
                device.rows[id] = nil
                for (child, row) in device.rows where row.parent == id {
                    device.rows[child] = nil
                    prediction.rejected.remove(child)
                }
            } else if prediction.reset, let row = device.rows[id], row.owner == user, row.fields != object.fields {
                resend[id] = row  // the user's own edit the restored server lost: kept and sent again
            } else {
                device.rows[id] = Row(
                    owner: object.owner, group: object.group, fields: object.fields, version: object.version, parent: object.parent)
            }
        }
        for id in device.refetch where !prediction.rejected.contains(id) {
            if let object = objects[id], !object.deleted, canSee(user, object) { continue }
            device.rows[id] = nil
        }
        device.refetch = prediction.rejected
        deliverNotices(to: &device)
        // Reports, then follow-ups: a pruned report takes the device's follow-ups of it (and their
        // waiting changes) along, and the follow-ups' re-pull then brings back those still shown.
        for followUps in [false, true] {
            if followUps && (prediction.revoked || prediction.reset) {
                for (id, object) in objects where object.parent != nil && !object.deleted && canSee(user, object)
                && device.rows[id] == nil && !prediction.rejected.contains(id) && resend[id] == nil {
                    device.rows[id] = Row(
                        owner: object.owner, group: object.group, fields: object.fields, version: object.version, parent: object.parent)
                }
            }
            for (id, row) in device.rows where (row.parent != nil) == followUps {
                let seen = objects[id].map { canSee(user, $0) } ?? false
                // A deleted object the pull skipped (a rejected change of it waits) is not in a re-pull either.
                if seen && objects[id]?.deleted == false { continue }
                if (prediction.revoked || prediction.reset) && row.owner != user {
                    device.rows[id] = nil  // pruned, a rejected change of it or not (after a reset: its owner re-sends it, if it exists)
                    for (child, childRow) in device.rows where childRow.parent == id {
                        device.rows[child] = nil
                        prediction.rejected.remove(child)
                        device.refetch.remove(child)
                        resend[child] = nil
                    }
                } else if !seen && prediction.reset && row.owner == user && !prediction.rejected.contains(id) {
                    resend[id] = row
                }
            }
        }
        for (id, row) in resend.sorted(by: { $0.key < $1.key }) {
            // Re-sent whole, without a base: never concurrent, so never a notice.
            let insert = objects[id] == nil
            if !push(insert ? .insert(id) : .update(id, row.fields, base: nil), by: device, row: row) {
                prediction.rejected.insert(id)
                device.refetch.insert(id)
                if insert { refusedInserts.insert(id) }
            }
        }
        for id in refusedInserts.sorted() where prediction.rejected.contains(id) {
            device.rows[id] = nil
            for (child, row) in device.rows where row.parent == id { device.rows[child] = nil }
        }
        device.epoch = epoch
        device.groups = groups
        devices[index] = device
        return prediction
    }

    /// Applies one change at the server as `device`'s user; whether it was applied (a
    /// delete of a missing or deleted object is applied and changes nothing).
    private mutating func push(_ change: Change, by device: Device, row given: Row? = nil) -> Bool {
        let user = device.user
        let id = change.id
        let row = given ?? device.rows[id]
        if case .delete = change {
            if let object = objects[id], canSee(user, object), !object.deleted {
                version += 1
                objects[id] = Object(
                owner: object.owner, group: object.group, fields: [:], deleted: true, version: version, parent: object.parent)
                // The server deletes the object's live follow-ups in the same push (whoever's they are).
                if parentRules { cascadeDelete(of: id) }
            } else if parentRules, objects[id] == nil {
                // An object the server lacks (a restore lost it): its follow-ups the user sees go,
                // and it stays deleted (a tombstone, the user's), so no later write creates it again.
                cascadeDelete(of: id, visibleTo: user)
                version += 1
                objects[id] = Object(owner: user, group: memberships[user]?.first ?? "", fields: [:], deleted: true, version: version)
            }
            return true
        }
        // An insert or update of a follow-up whose report the server deleted is refused.
        // An insert or update of a follow-up whose report its user cannot see is refused too.
        if parentRules, let parent = row?.parent ?? objects[id]?.parent, let report = objects[parent],
            report.deleted || !canSee(user, report)
        { return false }
        guard let existing = objects[id] else {
            // A new object (an update of an object the server lacks creates it, whole, as the
            // pusher's, under the change's group when the pusher is in it, else the pusher's primary group).
            guard let row else { return true }
            let insert = if case .insert = change { true } else { false }
            let member = parentRules && (memberships[user] ?? []).contains(row.group)
            let group = insert || member ? row.group : memberships[user]?.first ?? ""
            // The server rejects an insert filed under a group its user is not in.
            guard !insert || (memberships[user] ?? []).contains(group) else { return false }
            if row.parent != nil && group != row.group { refiled.insert(id) }
            version += 1
            objects[id] = Object(owner: user, group: group, fields: row.fields, version: version, parent: row.parent)
            record(device, id, row.fields)
            return true
        }
        guard canSee(user, existing), !existing.deleted else { return false }
        var change = change
        if existing.parent != nil, case .update(_, let changed, let base) = change {
            let stale = device.epoch.map { $0 != epoch } ?? false
            guard let settled = failIfChanged(existing, id: id, changed: changed, base: base, by: user, stale: stale) else { return false }
            change = settled
        }
        var object = existing
        version += 1
        object.version = version
        switch change {
        case .update(_, let changed, let base):
            if base != nil, let known = device.epoch, known != epoch {
                // A base from before a restore is a version of another history: the server may
                // or may not find the write concurrent, so a notice of it is left unchecked.
                maybeNotice(of: existing, id: id, changed: changed, by: user)
            } else {
                noticeOverwrites(of: existing, id: id, changed: changed, base: base, by: user)
            }
            object.fields.merge(changed) { _, new in new }
            record(device, id, changed, into: &object, before: existing.fields)
        default:
            object.fields = row?.fields ?? object.fields
            record(device, id, object.fields, into: &object, before: existing.fields)
        }
        objects[id] = object
        return true
    }

    private mutating func record(_ device: Device, _ id: String, _ fields: Fields, into object: inout Object, before: Fields? = nil) {
        for (field, value) in fields.sorted(by: { $0.key < $1.key }) {
            writes.append(Write(device: device.name, id: id, field: field, value: value))
            // The server claims only the fields a write changes (issue 26 review, finding 6).
            guard before?[field] != value else { continue }
            object.writers[field] = Writer(version: object.version, user: device.user, device: device.name)
        }
    }

    private mutating func record(_ device: Device, _ id: String, _ fields: Fields) {
        guard var object = objects[id] else { return }
        record(device, id, fields, into: &object)
        objects[id] = object
    }
}
