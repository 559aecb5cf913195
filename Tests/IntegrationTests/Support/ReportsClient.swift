import Foundation
import Logging
import StrataCrossCutting
import StrataData
import StrataDomain
import StrataJournal
import StrataStore
import StrataTestSupport
import Testing

/// One client `STRATA_HOME` for the sync crash tests: `strata-host` runs against it as a
/// child process, while the test writes case reports straight into the same store through
/// the public data layer (thousands of changes in a second, where `strata-host reports add`
/// would take minutes) and keeps what the server must end up holding.
final class ReportsClient {
    /// What a report must hold once everything is sent: `age` and `memo` change with each edit.
    struct Expected: Hashable, CustomStringConvertible {
        var age: Int
        var memo: String
        var description: String { "age \(age), memo \(memo)" }
    }

    /// The name its home was made with, for failure messages.
    let name: String
    let home: URL
    let environment: [String: String]
    /// The live reports the test wrote, by id, with their newest values.
    private(set) var live: [String: Expected] = [:]
    /// The reports the test deleted.
    private(set) var deleted: Set<String> = []
    /// Every operation id the journal ever showed, and those it ever showed `inFlight`.
    private(set) var seenOperations: Set<String> = []
    private(set) var seenInFlight: Set<String> = []
    private var edits = 0
    private var generator = SystemRandomNumberGenerator()

    /// A fresh home pointed at `environment`'s server.
    init(_ name: String, environment: [String: String]) {
        self.name = name
        home = TemporaryRoot.directory(name)
        self.environment = environment
    }

    /// `strata-host` on this home, with `extraEnvironment` over the server's.
    func host(_ extraEnvironment: [String: String] = [:]) -> StrataProcess {
        StrataProcess("strata-host", home: home, extraEnvironment: environment.merging(extraEnvironment) { $1 })
    }

    /// `strata-host account login --account NAME --password-stdin`, required to succeed.
    func login(_ account: String, password: String) async throws {
        let outcome = try await host().run(["account", "login", "--account", account, "--password-stdin"], stdin: password + "\n")
        try #require(outcome.status == 0, "login \(account): \(outcome)")
    }

    /// Opens the store as a host would (its own connection, closed again at the end) for `body`.
    func withStore<T>(_ body: (any DataLayer) async throws -> T) async throws -> T {
        let logger = Logger(label: "sync-crash-test") { _ in SwiftLogNoOpLogHandler() }
        let data = try await DataLayerFactory.live(container: ContainerDirectory(url: home), logger: logger)
        _ = try await DomainFactory.make(data: data, clock: SystemClock())
        return try await body(data)
    }

    /// Adds `creates` reports, then edits `updates` random live ones and deletes `deletes`
    /// others (one transaction each), and notes the journal's operation ids.
    func write(creates: Int, updates: Int = 0, deletes: Int = 0) async throws {
        try await withStore { data in
            let drafts = (0..<creates).map { _ in next() }
            let saved = try await data.store.save(
                drafts.map { expected in
                    var report = CaseReport()
                    report.patientName = "Patient \(expected.memo)"
                    report.age = expected.age
                    report.memo = expected.memo
                    return report
                })
            for (report, expected) in zip(saved, drafts) { live[try #require(report.objectId)] = expected }
            var changed: [CaseReport] = []
            let shuffled = live.keys.shuffled(using: &generator)
            for id in shuffled.prefix(updates) {
                var report = try #require(try await data.store.fetch(CaseReport.self, id: id), "report \(id) vanished locally")
                let expected = next()
                report.age = expected.age
                report.memo = expected.memo
                changed.append(report)
                live[id] = expected
            }
            _ = try await data.store.save(changed)
            var gone: [CaseReport] = []
            for id in shuffled.dropFirst(updates).prefix(deletes) {
                var report = CaseReport()
                report.objectId = id
                gone.append(report)
                live[id] = nil
                deleted.insert(id)
            }
            _ = try await data.store.delete(gone)
        }
        try await noteJournal()
    }

    /// Records the operation ids in the journal now; returns how many are `inFlight`.
    @discardableResult
    func noteJournal() async throws -> Int {
        let changes = try await withStore { try await $0.journal.changes(in: Set(ChangeState.allCases), limit: nil) }
        seenOperations.formUnion(changes.map(\.operationID))
        let inFlight = changes.filter { $0.state == .inFlight }.map(\.operationID)
        seenInFlight.formUnion(inFlight)
        return inFlight.count
    }

    /// How many changes the client's journal holds `inFlight` right now: read with SQLite itself,
    /// without opening a data layer, so a test can poll it while a child process pushes.
    func inFlightCount() -> Int {
        let store = ContainerDirectory(url: home).storeURL.path
        return (try? SQLiteReader(store).integer(#"SELECT count(*) FROM "_strata_journal" WHERE "state" = 'inFlight'"#)) ?? 0
    }

    /// The operation ids waiting in the journal (pending, in flight or rejected).
    func journalOperations() async throws -> [String] {
        try await withStore { try await $0.journal.changes(in: Set(ChangeState.allCases), limit: nil).map(\.operationID) }
    }

    /// The reports the client's own store holds, by id.
    func localReports() async throws -> [String: Expected] {
        let reports = try await withStore { try await $0.store.query(Query<CaseReport>()) }
        var byID: [String: Expected] = [:]
        for report in reports { byID[report.objectId ?? "?"] = Expected(age: report.age, memo: report.memo) }
        return byID
    }

    /// The values of the next edit: a running number in the memo, so every edit differs.
    private func next() -> Expected {
        edits += 1
        return Expected(age: edits % 150, memo: "edit \(edits)")
    }
}
