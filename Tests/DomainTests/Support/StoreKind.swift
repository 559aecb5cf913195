import Foundation
import Logging
import StrataCrossCutting
import StrataData
import StrataDataTesting
import StrataDomain
import StrataTestSupport
import Testing

/// Which data layer a Domain test runs on: every use-case test runs on both, proving the
/// double and the real SQLite store give the domain the same answers.
enum StoreKind: String, CaseIterable, Sendable, CustomTestStringConvertible {
    /// `await DataLayerFactory.inMemory()` from StrataDataTesting.
    case inMemory
    /// `DataLayerFactory.live(container:logger:)` on a fresh temporary directory.
    case live

    var testDescription: String { rawValue }
}

/// 2026-11-22T10:00:00Z: "now" in most tests (a Sunday, in UTC).
let testNow = Date(timeIntervalSince1970: 1_795_341_600)

/// One day in seconds (the test clocks are in UTC, where every day has 24 hours).
let day: TimeInterval = 86_400

/// A data layer of one kind and the domain over it; a live store's directory is removed
/// when the fixture goes away.
final class DomainFixture {
    let data: any DataLayer
    let domain: any DomainServices
    private let directory: URL?

    /// A fresh store of `kind` with the domain's clock fixed at `now`.
    init(_ kind: StoreKind, now: Date = testNow) async throws {
        switch kind {
        case .inMemory:
            data = await DataLayerFactory.inMemory()
            directory = nil
        case .live:
            let url = TemporaryRoot.directory("strata-domain")
            directory = url
            data = try await DataLayerFactory.live(container: ContainerDirectory(url: url), logger: quietLogger)
        }
        // Enrichment's 5 s deadline is for a person waiting; a loaded test machine may need longer.
        domain = try await DomainFactory.make(
            data: data, clock: FixedClock(now), enrichment: NotificationEnrichmentPolicy(deadline: Patience.childProcess))
    }

    deinit {
        if let directory {
            try? FileManager.default.removeItem(at: directory)
        }
    }

    /// The domain over the same data with the clock fixed at another instant.
    func domain(at instant: Date) async throws -> any DomainServices {
        try await DomainFactory.make(data: data, clock: FixedClock(instant))
    }

    /// Adds a report named `name` at `instant` (default: the fixture's clock).
    @discardableResult
    func addReport(_ name: String, age: Int = 40, memo: String = "", at instant: Date? = nil) async throws -> CaseReport {
        let services = if let instant { try await domain(at: instant) } else { domain }
        return try await services.reports.add(CaseReportDraft(patientName: name, age: age, memo: memo))
    }

    /// Schedules a follow-up of `report` on `date`.
    @discardableResult
    func schedule(_ report: CaseReport, on date: Date, memo: String = "") async throws -> FollowUp {
        try await domain.followUps.schedule(FollowUpDraft(caseReportID: report.objectId ?? "", date: date, memo: memo))
    }
}

/// A logger that drops everything (tests assert on results and errors, not on logs).
let quietLogger = Logger(label: "strata.tests.domain") { _ in SwiftLogNoOpLogHandler() }

/// The `DomainError` `body` throws, or `nil` (recorded as a test issue at the caller's line)
/// when it throws nothing or something else.
func domainError(
    sourceLocation: SourceLocation = #_sourceLocation, _ body: () async throws -> some Any
) async -> DomainError? {
    await thrownError(DomainError.self, sourceLocation: sourceLocation, body)
}
