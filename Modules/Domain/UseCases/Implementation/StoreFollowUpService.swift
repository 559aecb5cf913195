#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import StrataCrossCutting
import StrataStore

/// Follow-up use cases on the value-object store.
struct StoreFollowUpService: FollowUpService {
    let store: any ValueObjectStore
    let clock: any StrataClock
    /// Where each follow-up's author and sync state are read.
    var factsReader = RecordFactsReader(syncState: nil)

    func facts(of followUps: [FollowUp]) async throws -> [String: RecordFacts] {
        try await factsReader.facts(typeName: FollowUp.schema.typeName, ids: followUps.compactMap(\.objectId))
    }

    func schedule(_ draft: FollowUpDraft) async throws -> FollowUp {
        try await withStorage {
            var followUp = FollowUp()
            for field in FollowUp.inputFields { field.copy(from: draft.values, to: &followUp) }
            let reportID = InputRules.trimmed(followUp.caseReportID)
            try InputRules.identifier(reportID, field: "caseReportID", expected: StoreCaseReportService.expectedID)
            try InputRules.bloodPressures(max: followUp.maxBloodPressure, min: followUp.minBloodPressure)
            guard try await store.fetch(CaseReport.self, id: reportID) != nil else {
                throw DomainError.notFound(
                    "no case report with id '\(reportID)'; follow-ups are scheduled for an existing report",
                    field: "caseReportID")
            }
            followUp.caseReportID = reportID
            for field in FollowUp.inputFields { try field.check(&followUp) }
            followUp.createdAt = clock.now()
            return try await store.save(followUp)
        }
    }

    func list(reportID: String?) async throws -> [FollowUp] {
        try await withStorage {
            if let reportID {
                try InputRules.identifier(reportID, field: "case report id", expected: StoreCaseReportService.expectedID)
            }
            return try await store.query(reportID.map { Query.of(report: $0) } ?? Query<FollowUp>().sorted(by: "date"))
        }
    }

    func due(in interval: DateInterval) async throws -> [DueFollowUp] {
        try await withStorage { try await withReports(store.query(Query.due(in: interval))) }
    }

    func dueToday() async throws -> [DueFollowUp] {
        try await due(in: clock.today)
    }

    func overdue() async throws -> [DueFollowUp] {
        try await withStorage { try await withReports(store.query(Query.overdue(before: clock.today.start))) }
    }

    func complete(id: String) async throws -> FollowUp {
        try await withStorage {
            try InputRules.identifier(
                id, field: "follow-up id", expected: "the id of a follow-up, as printed by 'follows add' or 'follows list'")
            guard var followUp = try await store.fetch(FollowUp.self, id: id) else {
                throw DomainError.notFound("no follow-up with id '\(id)'")
            }
            guard !followUp.isDone else { return followUp }
            followUp.isDone = true
            return try await store.save(followUp)
        }
    }

    /// Pairs each follow-up with its report, fetching each report once. A follow-up whose
    /// report is not stored here (pulled before its report, or left by a report deleted on
    /// another device) is not due for anyone: it is left out.
    private func withReports(_ followUps: [FollowUp]) async throws -> [DueFollowUp] {
        var reports: [String: CaseReport?] = [:]
        var paired: [DueFollowUp] = []
        paired.reserveCapacity(followUps.count)
        for followUp in followUps {
            if reports[followUp.caseReportID] == nil {
                reports[followUp.caseReportID] = .some(try await store.fetch(CaseReport.self, id: followUp.caseReportID))
            }
            guard let report = reports[followUp.caseReportID] ?? nil else { continue }
            paired.append(DueFollowUp(followUp: followUp, report: report))
        }
        return paired
    }
}
