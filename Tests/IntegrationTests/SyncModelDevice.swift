import Foundation
import Logging
import StrataCrossCutting
import StrataData
import StrataDomain
import StrataJournal
import StrataSync
import StrataTestSupport

/// One simulated device of the model-based sync test: a real store in a temporary folder
/// (`DataLayerFactory.live`), the domain over it, and the real sync engine (`SyncFactory.live`)
/// talking HTTP to the test's `strata-server`, all in this process.
struct SyncModelDevice: Sendable {
    let name: String, user: String
    let data: any DataLayer
    let domain: any DomainServices
    let sync: any SyncEngine

    /// A device of `user` named `name`, signed in to `server` with `password`.
    static func signedIn(_ name: String, user: String, password: String, server: TestServer, label: String) async throws -> Self {
        let folder = TemporaryRoot.directory("\(label)-\(name)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let quiet = Logger(label: "sync-model") { _ in SwiftLogNoOpLogHandler() }
        let data = try await DataLayerFactory.live(container: ContainerDirectory(url: folder), logger: quiet)
        let domain = try await DomainFactory.make(data: data, clock: SystemClock())
        let configuration = SyncConfiguration(
            serverURL: URL(string: server.url)!, appID: TestServer.casebook.id, appVersion: TestServer.casebook.version,
            appKey: server.app?.key ?? "", deviceID: "\(label)-\(name)", retryDelay: 0.05, maxRetryDelay: 0.5, maxAttempts: 8)
        let sync = SyncFactory.live(data: data, configuration: configuration, logger: quiet)
        _ = try await sync.login(account: user, password: password)
        return Self(name: name, user: user, data: data, domain: domain, sync: sync)
    }

    /// Every report the device holds: id → the compared fields.
    func reports() async throws -> [String: SyncModel.Fields] {
        var all: [String: SyncModel.Fields] = [:]
        var index = 1
        while true {
            let page = try await domain.reports.list(PageRequest(size: 100, index: index))
            for report in page { if let id = report.objectId { all[id] = Self.fields(report) } }
            if page.count < 100 { return all }
            index += 1
        }
    }

    /// Every follow-up the device holds: id → the compared fields.
    func followUps() async throws -> [String: SyncModel.Fields] {
        var all: [String: SyncModel.Fields] = [:]
        for followUp in try await domain.followUps.list(reportID: nil) {
            if let id = followUp.objectId { all[id] = Self.fields(followUp) }
        }
        return all
    }

    /// Every report and follow-up the device holds: id → the compared fields.
    func objects() async throws -> [String: SyncModel.Fields] {
        try await reports().merging(followUps()) { report, _ in report }
    }

    /// Syncs, then discards every change the server rejected (as a user would, taking the
    /// server's version); the report and the rejected changes' object ids.
    func syncAndDiscard() async throws -> (report: SyncReport, rejected: Set<String>) {
        let report = try await sync.syncNow()
        let rejected = try await sync.rejectedChanges()
        for change in rejected { _ = try await sync.discardRejected(change.operationID) }
        return (report, Set(rejected.map(\.objectID)))
    }

    /// The compared fields of `report`.
    static func fields(_ report: CaseReport) -> SyncModel.Fields {
        [
            "patientName": report.patientName, "age": "\(report.age)", "gender": "\(report.gender.rawValue)",
            "isFollow": "\(report.isFollow)", "memo": report.memo,
        ]
    }

    /// The compared fields of `followUp`.
    static func fields(_ followUp: FollowUp) -> SyncModel.Fields {
        [
            "caseReportID": followUp.caseReportID, "memo": followUp.memo, "isDone": "\(followUp.isDone)", "arb": "\(followUp.arb)",
            "maxBloodPressure": followUp.maxBloodPressure.map { "\(Int($0))" } ?? "nil",
        ]
    }

    /// The compared fields of an object of `type` a pull returned (its `values`, tagged: `["i", 42]`, `["t", "memo"]`).
    static func fields(wire values: [String: Any], type: String = "CaseReport") -> SyncModel.Fields {
        var fields: SyncModel.Fields = [:]
        let keys =
            type == "FollowUp"
            ? ["caseReportID", "memo", "isDone", "arb", "maxBloodPressure"] : ["patientName", "age", "gender", "isFollow", "memo"]
        let flags: Set<String> = ["isFollow", "isDone", "arb"]
        for key in keys {
            let tagged = values[key] as? [Any] ?? []
            switch tagged.count == 2 ? tagged[1] : nil {
            case let text as String: fields[key] = text
            case let number as NSNumber: fields[key] = flags.contains(key) ? "\(number.intValue != 0)" : "\(number.intValue)"
            default: fields[key] = "?\(tagged)"
            }
        }
        return fields
    }
}
