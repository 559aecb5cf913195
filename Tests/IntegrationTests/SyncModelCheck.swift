import Foundation
import StrataTestSupport

/// What the model-based sync test did, summed over histories: `scripts/sync-soak` adds up the
/// line ``line(engine:)`` prints.
struct SyncModelFigures {
    var histories = 0, operations = 0, syncs = 0
    var faults: [String: Int] = [:]
    /// Acknowledged field writes: those the final state keeps, and those lost by a rule.
    var writes = 0, kept = 0, overwritten = 0, deleted = 0, restored = 0, violations = 0
    /// Overwrites of a device's field write by another user's concurrent one, each told to that device.
    var told = 0
    /// Other users' field writes a client reset's re-send replaced untold (a limit of the rules as built).
    var resendOverwrote = 0
    /// Follow-up changes refused by fail-if-changed (each reported to its device), and those the resolver settled.
    var refused = 0, resolved = 0
    /// Follow-ups the server keeps after their report's deletion (a limit of the rules as built: see Docs/Sync.md).
    var orphaned = 0
    /// Follow-ups an update re-created after a restore under its pusher's primary group, not their report's (a limit too).
    var refiled = 0

    mutating func fault(_ kind: String) { faults[kind, default: 0] += 1 }

    mutating func add(_ other: Self) {
        histories += other.histories
        operations += other.operations
        syncs += other.syncs
        faults.merge(other.faults, uniquingKeysWith: +)
        writes += other.writes
        kept += other.kept
        overwritten += other.overwritten
        deleted += other.deleted
        restored += other.restored
        told += other.told
        resendOverwrote += other.resendOverwrote
        refused += other.refused
        resolved += other.resolved
        orphaned += other.orphaned
        refiled += other.refiled
        violations += other.violations
    }

    /// `sync-model figures: engine=… histories=… …` (faults as `fault.<kind>=n`, spaces in kinds as `-`).
    func line(engine: String) -> String {
        let faultList = faults.sorted { $0.key < $1.key }.map { "fault.\($0.key.replacing(" ", with: "-"))=\($0.value)" }
        return (["sync-model figures: engine=\(engine)", "histories=\(histories)", "operations=\(operations)", "syncs=\(syncs)"]
            + faultList
            + ["writes=\(writes)", "kept=\(kept)", "overwritten=\(overwritten)", "deleted=\(deleted)", "restore-lost=\(restored)", "overwrites-told=\(told)", "reset-resend-overwrote=\(resendOverwrote)",
                "followups-refused=\(refused)", "followups-resolved=\(resolved)", "followups-orphaned=\(orphaned)", "followups-refiled=\(refiled)",
                "violations=\(violations)"]).joined(separator: " ")
    }
}

extension SyncModelDriver {
    /// After quiescence: every device's store and what the server answers each user equal the
    /// model's prediction (so all converge, and no device holds what its user cannot see), and
    /// every acknowledged field write is either kept or lost by a declared rule.
    func check() async throws {
        // Follow-ups outliving their report, or in another group than it, are violations of the
        // parent rules; against a server without them (SyncModel.parentRules off) they are
        // counted, not compared (see SyncModel.orphanFollowUps).
        let strict = model.parentRules
        let orphanIDs = model.orphanFollowUps()
        let orphans = strict ? [] : orphanIDs
        let refiled = strict ? [] : model.refiled
        figures.orphaned += orphanIDs.filter { model.objects[$0].map { !$0.deleted } ?? false }.count
        figures.refiled += model.refiled.filter { model.objects[$0].map { !$0.deleted } ?? false }.count
        if strict { for found in model.parentViolations() { violation(found) } }
        for (index, device) in devices.enumerated() {
            let held = try await device.objects().filter { !orphans.contains($0.key) }
            let predicted = model.devices[index].rows.mapValues(\.fields).filter { !orphans.contains($0.key) }
            compare(held, predicted, "\(device.name)'s store", "the model")
            compare(held, model.visible(to: device.user).filter { !orphans.contains($0.key) }, "\(device.name)'s store", "what the model's server shows \(device.user)")
            for (id, report) in model.strayFollowUps(held, of: device.user).sorted(by: { $0.key < $1.key }) where !refiled.contains(id) {
                violation("\(device.name) holds follow-up \(id) of report \(report), which \(device.user) cannot see (or which is deleted)")
            }
        }
        for user in Self.memberships.keys.sorted() {
            var shown: [String: SyncModel.Fields] = [:]
            for type in ["CaseReport", "FollowUp"] {
                for object in try await server.pull(type, account: user, password: Self.password) {
                    guard let id = object["objectId"] as? String, !orphans.contains(id) else { continue }
                    shown[id] = SyncModelDevice.fields(wire: object["values"] as? [String: Any] ?? [:], type: type)
                }
            }
            compare(shown, model.visible(to: user).filter { !orphans.contains($0.key) }, "the server's answer to \(user)", "the model")
            for (id, report) in model.strayFollowUps(shown, of: user).sorted(by: { $0.key < $1.key }) where !refiled.contains(id) {
                violation("the server shows \(user) follow-up \(id) of report \(report), which \(user) cannot see (or which is deleted)")
            }
        }
        classifyWrites()
        checkNotices()
        figures.resendOverwrote += model.silentOverwrites
        figures.violations += violations.count
    }

    /// Sorts each acknowledged write: kept, overwritten by a later write of its field (field
    /// merge), its object deleted (deletes win), lost to a restore (until re-sent), else a violation.
    private func classifyWrites() {
        var lastWrite: [String: Int] = [:]
        for (index, write) in model.writes.enumerated() { lastWrite["\(write.id).\(write.field)"] = index }
        for (index, write) in model.writes.enumerated() {
            figures.writes += 1
            guard let object = model.objects[write.id], !object.deleted else {
                figures.deleted += 1
                continue
            }
            if object.fields[write.field] == write.value {
                figures.kept += 1
            } else if lastWrite["\(write.id).\(write.field)"] ?? index > index {
                figures.overwritten += 1
            } else if model.restoredAt.contains(where: { $0 > index }) {
                figures.restored += 1
            } else {
                violation("the write of \(write.field) = \(write.value) to \(write.id) by \(write.device) is lost by no rule")
            }
        }
    }

    /// Each device was told of exactly the overwrites of its writes the model expects (another
    /// user's concurrent write replaced the field), leaving out notices about deleted objects.
    private func checkNotices() {
        for (index, device) in devices.enumerated() {
            let (expected, unsure) = model.toldKeys(index)
            let actual = told[index].subtracting(unsure)
            figures.told += expected.count
            for key in expected.subtracting(actual).sorted() {
                violation("\(device.name) was never told that another user's concurrent write replaced its write of \(key)")
            }
            for key in actual.subtracting(expected).sorted() {
                violation("\(device.name) was told that its write of \(key) was replaced, which the model does not expect")
            }
        }
    }

    private func compare(_ actual: [String: SyncModel.Fields], _ expected: [String: SyncModel.Fields], _ what: String, _ against: String) {
        for id in Set(actual.keys).union(expected.keys).sorted() where actual[id] != expected[id] {
            switch (actual[id], expected[id]) {
            case (nil, _): violation("\(what) lacks \(id), which \(against) holds: \(expected[id] ?? [:])")
            case (_, nil): violation("\(what) holds \(id), which \(against) does not: \(actual[id] ?? [:])")
            default: violation("\(what) holds \(id) as \(actual[id] ?? [:]), \(against) as \(expected[id] ?? [:])")
            }
        }
    }
}
