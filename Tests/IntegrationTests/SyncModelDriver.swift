import Foundation
import StrataDomain
import StrataStore
import StrataSync
import StrataTestSupport

/// Runs one seeded random history of the model-based sync test on a fresh server: each step
/// acts on the real devices and server and on the ``SyncModel`` alike, each sync's rejections
/// and resets are compared with the model's, and after the history every device syncs to
/// quiescence and every store and the server are compared with the model.
final class SyncModelDriver {
    static let password = "a long password for tests"
    /// Users and their groups, the first one primary. All are leads: they may edit and delete
    /// their groups' reports. carol is the one removed from (and added back to) g1.
    static let memberships = ["alice": ["g1"], "bob": ["g1"], "carol": ["g2", "g1"], "dave": ["g2"]]
    static let devices = [("alice-1", "alice"), ("alice-2", "alice"), ("bob", "bob"), ("carol", "carol"), ("dave", "dave")]

    let server: TestServer
    var random: SplitMix64
    var model: SyncModel
    var devices: [SyncModelDevice] = []
    var offline: Set<Int> = []
    var history: [String] = []
    var violations: [String] = []
    var figures = SyncModelFigures()
    /// Per device, the `objectId.field` pairs its syncs reported as overwritten by another user.
    var told: [Set<String>]
    private var backupPath: String?
    var serial = 0

    init(server: TestServer, seed: UInt64) {
        self.server = server
        random = SplitMix64(seed: seed)
        model = SyncModel(memberships: Self.memberships, devices: Self.devices.map { (name: $0.0, user: $0.1) })
        told = Self.devices.map { _ in [] }
    }

    /// Creates the groups and users, signs every device in and syncs each once.
    func setUp(label: String) async throws {
        for group in ["g1", "g2"] { try await server.createGroup(group) }
        for (user, groups) in Self.memberships.sorted(by: { $0.key < $1.key }) {
            try await server.admin(
                ["user", "create", user, "--password-stdin", "--group", "\(groups[0]):lead"], stdin: Self.password + "\n")
            for group in groups.dropFirst() { try await server.admin(["group", "add-member", group, user, "--role", "lead"]) }
        }
        for (name, user) in Self.devices {
            devices.append(try await SyncModelDevice.signedIn(name, user: user, password: Self.password, server: server, label: label))
        }
        for index in devices.indices { try await sync(index) }
    }

    /// Runs `steps` random steps, then syncs to quiescence and compares everything with the model.
    func run(steps: Int) async throws {
        for _ in 0..<steps { try await step() }
        try await quiesce()
        try await check()
        figures.histories += 1
    }

    private func step() async throws {
        figures.operations += 1
        let device = random.below(devices.count)
        switch random.below(100) {
        case 0..<9: try await add(device)
        case 9..<15: try await addFollowUp(device)
        case 15..<28: try await edit(device)
        case 28..<43: try await editFollowUp(device)
        case 43..<49: try await delete(device)
        case 49..<53: try await deleteFollowUp(device)
        case 53..<80:
            if offline.contains(device) { note("\(devices[device].name) is offline: no sync") } else { try await sync(device) }
        case 80..<88:
            if offline.remove(device) != nil {
                note("\(devices[device].name) comes back online")
            } else {
                offline.insert(device)
                figures.fault("offline")
                note("\(devices[device].name) goes offline")
            }
        case 88..<91:
            figures.fault("kill -9")
            note("server killed (SIGKILL) and restarted")
            await server.kill()
            try await server.restart()
        case 91..<95:
            let path = TemporaryRoot.directory("sync-model-backup").path
            try await server.admin(["backup", path])
            backupPath = path
            model.takeBackup()
            figures.fault("backup")
            note("server backed up")
        case 95..<97:
            guard let backupPath else { return note("no backup to restore") }
            await server.stop()
            try await restore(backupPath)
            try await server.restart()
            model.restore()
            figures.fault("restore")
            note("server stopped, restored from the last backup, started")
        default:
            let member = model.memberships["carol"]?.contains("g1") ?? false
            if member {
                try await server.admin(["group", "remove-member", "g1", "carol"])
            } else {
                try await server.admin(["group", "add-member", "g1", "carol", "--role", "lead"])
            }
            model.setMember("carol", of: "g1", !member)
            figures.fault(member ? "member removed" : "member re-added")
            note(member ? "carol removed from g1" : "carol added to g1 again")
        }
    }

    /// `admin restore` of `path`, with the server stopped. PostgreSQL may list the stopped
    /// server's session for a moment after it went (its backend ends on its own time), and the
    /// restore refuses while it does: tried again, for up to 20 seconds, only for that reason.
    private func restore(_ path: String) async throws {
        let deadline = ContinuousClock.now + .seconds(20)
        while true {
            do {
                _ = try await server.admin(["restore", path, "--force"])
                return
            } catch where "\(error)".contains("other session") && ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(200))
            }
        }
    }

    private func add(_ device: Int) async throws {
        serial += 1
        let draft = CaseReportDraft(
            patientName: "patient \(serial)", age: random.below(151), gender: Gender(rawValue: random.below(4)) ?? .unspecified,
            isFollow: random.chance(50), memo: "memo-\(serial)")
        let report = try await devices[device].domain.reports.add(draft)
        guard let id = report.objectId else { return violation("\(devices[device].name): add returned no id") }
        model.add(device, id: id, fields: SyncModelDevice.fields(report))
        note("\(devices[device].name) adds \(id)")
    }

    private func edit(_ device: Int) async throws {
        guard let id = pickRow(device, followUp: false), let row = model.devices[device].rows[id] else { return note("nothing to edit") }
        serial += 1
        let field = random.pick(["age", "memo", "isFollow", "gender"])
        var change = CaseReportChange()
        let value: String
        switch field {
        case "age":
            let age = ((Int(row.fields["age"] ?? "") ?? 0) + 1 + random.below(150)) % 151
            change.age = age
            value = "\(age)"
        case "memo":
            change.memo = "memo-\(serial)"
            value = "memo-\(serial)"
        case "isFollow":
            change.isFollow = row.fields["isFollow"] != "true"
            value = "\(change.isFollow ?? false)"
        default:
            let gender = ((Int(row.fields["gender"] ?? "") ?? 0) + 1 + random.below(3)) % 4
            change.gender = Gender(rawValue: gender)
            value = "\(gender)"
        }
        do {
            _ = try await devices[device].domain.reports.update(id: id, change)
        } catch {
            return violation("\(devices[device].name): the model holds \(id) but editing it failed: \(error)")
        }
        model.edit(device, id: id, field: field, value: value)
        note("\(devices[device].name) sets \(field) of \(id) to \(value)")
    }

    private func delete(_ device: Int) async throws {
        guard let id = pickRow(device, followUp: false) else { return note("nothing to delete") }
        do {
            try await devices[device].domain.reports.delete(id: id)
        } catch {
            return violation("\(devices[device].name): the model holds \(id) but deleting it failed: \(error)")
        }
        model.delete(device, id: id)
        note("\(devices[device].name) deletes \(id)")
    }

    func pickRow(_ device: Int, followUp: Bool) -> String? {
        // A follow-up only while the device holds its report (as a user finds it, under the report).
        let rows = model.devices[device].rows
        let ids = rows.filter { ($0.value.parent != nil) == followUp && $0.value.parent.map { rows[$0] != nil } ?? true }.keys.sorted { model.created[$0] ?? 0 < model.created[$1] ?? 0 }
        // Follow-ups: one of the newest three, so devices of different users edit the same ones (conflicts).
        return ids.isEmpty ? nil : random.pick(followUp ? Array(ids.suffix(3)) : ids)
    }

    /// One sync of `device`, its rejections and reset compared with the model's prediction; whether anything happened.
    @discardableResult
    func sync(_ device: Int) async throws -> Bool {
        let (report, rejected) = try await devices[device].syncAndDiscard()
        var refusals: [String: [String]] = [:]
        for conflict in report.conflicts where conflict.kind == .refused { refusals[conflict.objectID] = conflict.fields.sorted() }
        let predicted = model.sync(device, reportedRefusals: refusals, reportedResolved: report.resolved)
        figures.syncs += 1
        let name = devices[device].name
        note("\(name) syncs: pushed \(report.pushed), rejected \(rejected.sorted()), pulled \(report.pulledCount)"
            + (report.serverReset.map { " reset(\($0.repulled), \($0.resent))" } ?? "")
            + (report.revocation.map { " revoked(\($0.removed))" } ?? ""))
        compareRefusals(device, report, predicted)
        for conflict in report.conflicts where conflict.kind == .overwritten && conflict.typeName == "CaseReport" {
            for field in conflict.fields where field != "updatedAt" && field != "createdAt" {
                told[device].insert("\(conflict.objectID).\(field)")
            }
            note("\(name) is told its \(conflict.fields.joined(separator: ", ")) of \(conflict.objectID) was replaced")
        }
        if rejected != predicted.rejected {
            violation("\(name): rejected \(rejected.sorted()), the model expected \(predicted.rejected.sorted())")
        }
        if (report.serverReset != nil) != predicted.reset {
            violation("\(name): client reset \(report.serverReset != nil), the model expected \(predicted.reset)")
        }
        if report.revocation != nil && !predicted.revoked {
            violation("\(name): removed \(report.revocation?.removed ?? 0) objects, the model expected no revocation")
        }
        return report.pushed > 0 || report.rejected > 0 || report.pulledCount > 0 || report.serverReset != nil
            || report.revocation != nil || !rejected.isEmpty
    }

    /// Brings every device online and syncs them all, round after round, until a round changes nothing.
    private func quiesce() async throws {
        offline = []
        note("every device online: sync to quiescence")
        for round in 1...8 {
            var busy = false
            for index in devices.indices {
                let changed = try await sync(index)
                busy = busy || changed
            }
            if !busy { return note("quiet after \(round) rounds") }
        }
        violation("no quiescence after 8 rounds of syncs")
    }

    func note(_ line: String) { history.append(line) }

    func violation(_ line: String) {
        violations.append(line)
        history.append("VIOLATION: \(line)")
    }
}
