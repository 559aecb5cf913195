import Foundation
import StrataData
import StrataDomain
import StrataStore
import StrataSync
import StrataTestSupport

/// The follow-up steps of the model-based sync test: schedule a follow-up for a report the
/// device holds, edit one of its fields (the memo, `arb`, the blood pressure) or mark it done
/// (or not done again), delete it; and each sync's fail-if-changed refusals and resolutions
/// compared with the model's.
extension SyncModelDriver {
    /// `device`, or when it holds no report (`followUp` false) or no follow-up to act on, another device that does.
    private func withRows(_ device: Int, followUp: Bool) -> Int {
        if pickable(device, followUp: followUp) { return device }
        let others = devices.indices.filter { pickable($0, followUp: followUp) }
        return others.isEmpty ? device : random.pick(others)
    }

    private func pickable(_ device: Int, followUp: Bool) -> Bool {
        let rows = model.devices[device].rows
        return rows.contains { ($0.value.parent != nil) == followUp && $0.value.parent.map { rows[$0] != nil } ?? true }
    }

    func addFollowUp(_ device: Int) async throws {
        let device = withRows(device, followUp: false)
        guard let report = pickRow(device, followUp: false) else { return note("no report to follow up") }
        serial += 1
        let draft = FollowUpDraft(
            caseReportID: report, date: Date(timeIntervalSince1970: 1_800_000_000 + Double(serial) * 86_400),
            maxBloodPressure: Double(90 + random.below(110)), medications: random.chance(50) ? [.arb] : [],
            memo: "follow-\(serial)")
        let followUp: FollowUp
        do {
            followUp = try await devices[device].domain.followUps.schedule(draft)
        } catch {
            return violation("\(devices[device].name): the model holds \(report) but scheduling a follow-up of it failed: \(error)")
        }
        guard let id = followUp.objectId else { return violation("\(devices[device].name): schedule returned no id") }
        model.addFollowUp(device, id: id, report: report, fields: SyncModelDevice.fields(followUp))
        note("\(devices[device].name) adds follow-up \(id) of \(report)")
    }

    /// Edits a field of one of the device's follow-ups; or, more often, a race: a device of
    /// another user that sees it (synced first if it lacks it) is the rival; the device edits
    /// the field and syncs at once (when online; `isDone` it sets and sets back, syncing each),
    /// then the rival edits the same field on its older copy, so the rival's next sync is
    /// refused (or, for `isDone` alone, settled by the resolver) unless it wrote the same value.
    func editFollowUp(_ device: Int) async throws {
        let device = withRows(device, followUp: true)
        guard let id = pickRow(device, followUp: true) else { return note("no follow-up to edit") }
        let field = random.pick(["isDone", "isDone", "memo", "arb", "maxBloodPressure"])
        let user = model.devices[device].user
        let race = random.chance(60)
        // A follow-up not yet sent goes to the server first, so a rival can see it.
        if race && model.objects[id] == nil && !offline.contains(device) { try await sync(device) }
        let rivals = model.devices.indices.filter { other in
            guard model.devices[other].user != user, !offline.contains(other), let object = model.objects[id] else { return false }
            return !object.deleted && model.canSee(model.devices[other].user, object)
        }
        guard race, !rivals.isEmpty, holds(device, id) else { return try await editFollowUp(device, id: id, field: field) }
        let rival = random.pick(rivals)
        note("a race on follow-up \(id): \(devices[device].name) edits and syncs, then \(devices[rival].name) edits its copy")
        if !holds(rival, id) { try await sync(rival) }
        try await editFollowUp(device, id: id, field: field)
        if !offline.contains(device) {
            try await sync(device)
            if field == "isDone" && holds(device, id) {
                try await editFollowUp(device, id: id, field: field)
                try await sync(device)
            }
        }
        if holds(rival, id) { try await editFollowUp(rival, id: id, field: field) }
    }

    /// Whether the model has `device` hold follow-up `id` and its report.
    private func holds(_ device: Int, _ id: String) -> Bool {
        guard let report = model.devices[device].rows[id]?.parent else { return false }
        return model.devices[device].rows[report] != nil
    }

    private func editFollowUp(_ device: Int, id: String, field: String) async throws {
        guard let row = model.devices[device].rows[id] else { return note("no follow-up to edit") }
        serial += 1
        let store = devices[device].data.store
        do {
            if field == "isDone" && row.fields["isDone"] != "true" {
                _ = try await devices[device].domain.followUps.complete(id: id)
                model.edit(device, id: id, field: field, value: "true")
                return note("\(devices[device].name) marks follow-up \(id) done")
            }
            guard var followUp = try await store.fetch(FollowUp.self, id: id) else {
                return violation("\(devices[device].name): the model holds follow-up \(id) but the store has none")
            }
            let value: String
            switch field {
            case "isDone":
                followUp.isDone = false
                value = "false"
            case "memo":
                followUp.memo = "follow-\(serial)"
                value = followUp.memo
            case "arb":
                followUp.arb = row.fields["arb"] != "true"
                value = "\(followUp.arb)"
            default:
                let pressure = ((Int(row.fields["maxBloodPressure"] ?? "") ?? 90) - 90 + 1 + random.below(108)) % 110 + 90
                followUp.maxBloodPressure = Double(pressure)
                value = "\(pressure)"
            }
            _ = try await store.save(followUp)
            model.edit(device, id: id, field: field, value: value)
            note("\(devices[device].name) sets \(field) of follow-up \(id) to \(value)")
        } catch {
            violation("\(devices[device].name): the model holds follow-up \(id) but editing it failed: \(error)")
        }
    }

    func deleteFollowUp(_ device: Int) async throws {
        let device = withRows(device, followUp: true)
        guard let id = pickRow(device, followUp: true) else { return note("no follow-up to delete") }
        do {
            guard let followUp = try await devices[device].data.store.fetch(FollowUp.self, id: id),
                try await devices[device].data.store.delete(followUp)
            else { return violation("\(devices[device].name): the model holds follow-up \(id) but the store has none") }
        } catch {
            return violation("\(devices[device].name): the model holds follow-up \(id) but deleting it failed: \(error)")
        }
        model.delete(device, id: id)
        note("\(devices[device].name) deletes follow-up \(id)")
    }

    /// Compares a sync's follow-up refusals (reported as conflicts, with their fields) and
    /// the resolver's settlements with the model's.
    func compareRefusals(_ device: Int, _ report: SyncReport, _ predicted: SyncModel.Prediction) {
        let name = devices[device].name
        var refused: [String: [String]] = [:]
        for conflict in report.conflicts where conflict.kind == .refused {
            refused[conflict.objectID] = conflict.fields.sorted()
            note("\(name) is refused \(conflict.typeName) \(conflict.objectID): \(conflict.fields.joined(separator: ", ")) changed since its copy")
        }
        if report.resolved > 0 { note("\(name): the resolver settled \(report.resolved) refused change(s)") }
        figures.refused += refused.count
        figures.resolved += report.resolved
        if refused != predicted.refused {
            violation("\(name): refused \(refused.sorted { $0.key < $1.key }), the model expected \(predicted.refused.sorted { $0.key < $1.key })")
        }
        if report.resolved != predicted.resolved && !predicted.unsure {
            violation("\(name): the resolver settled \(report.resolved) refused changes, the model expected \(predicted.resolved)")
        }
    }
}
