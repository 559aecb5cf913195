#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import StrataCrossCutting
import StrataStore

/// Case-report use cases on the value-object store.
struct StoreCaseReportService: CaseReportService {
    /// What a case report id is, for the messages refusing one.
    static let expectedID = "the id of a case report, as printed by 'reports add' or 'reports list'"

    let store: any ValueObjectStore
    let clock: any StrataClock
    /// Where each report's author and sync state are read.
    var factsReader = RecordFactsReader(syncState: nil)

    func facts(of reports: [CaseReport]) async throws -> [String: RecordFacts] {
        try await factsReader.facts(typeName: CaseReport.schema.typeName, ids: reports.compactMap(\.objectId))
    }

    func add(_ draft: CaseReportDraft) async throws -> CaseReport {
        try await withStorage {
            var report = CaseReport()
            for field in CaseReport.inputFields {
                field.copy(from: draft.values, to: &report)
                try field.check(&report)
            }
            report.createdAt = clock.now()
            report.updatedAt = report.createdAt
            return try await store.save(report)
        }
    }

    func update(id: String, _ change: CaseReportChange) async throws -> CaseReport {
        try await withStorage {
            guard !change.isEmpty else {
                throw DomainError.invalidInput(
                    "the change to case report '\(id)' sets no field; set at least one of: "
                        + CaseReport.inputFields.map(\.key).joined(separator: ", "))
            }
            var report = try await get(id: id)
            for field in CaseReport.inputFields where change.keys.contains(field.key) {
                field.copy(from: change.values, to: &report)
                try field.check(&report)
            }
            report.updatedAt = clock.now()
            return try await store.save(report)
        }
    }

    func get(id: String) async throws -> CaseReport {
        try await withStorage {
            try InputRules.identifier(id, field: "case report id", expected: Self.expectedID)
            guard let report = try await store.fetch(CaseReport.self, id: id) else {
                throw DomainError.notFound(localized("no case report with id '\(id)'", ja: "ID '\(id)' の症例報告はありません"))
            }
            return report
        }
    }

    func list(_ page: PageRequest) async throws -> [CaseReport] {
        try await withStorage {
            try InputRules.page(page)
            return try await store.query(Query.newestFirst.scoped(page.scope).page(size: page.size, index: page.index))
        }
    }

    /// Filters in Swift: `patientName` is encrypted at rest, and the store refuses `like` on
    /// an encrypted key (it can only compare one through a keyed hash, for equality). One
    /// query reads every report newest first (a single consistent snapshot), each is
    /// decrypted, the case-insensitive "contains" test runs on its patient name and memo,
    /// and the requested page is cut from the matches.
    ///
    /// - Important: the cost is linear in the number of stored reports, whatever the page
    ///   and however few match: every search reads and decrypts every report (one AES-GCM
    ///   open each) and holds them in memory at once. That is milliseconds for the thousands
    ///   of reports one clinic keeps; a much larger store would need a search index of its
    ///   own (for example keyed hashes of name tokens) rather than this scan.
    func search(_ text: String, _ page: PageRequest) async throws -> [CaseReport] {
        let needle = InputRules.trimmed(text)
        guard !needle.isEmpty else { return try await list(page) }
        return try await withStorage {
            try InputRules.oneLine(needle, field: "search text")
            try InputRules.page(page)
            let pattern = ContainsPattern(needle)
            let matches = try await store.query(Query<CaseReport>.newestFirst.scoped(page.scope)).filter { report in
                pattern.matches(report.patientName) || pattern.matches(report.memo)
            }
            return Array(matches.dropFirst((page.index - 1) * page.size).prefix(page.size))
        }
    }

    /// Deletes the report's follow-ups first, so a failure never leaves follow-ups without a report.
    func delete(id: String) async throws {
        try await withStorage {
            let report = try await get(id: id)
            let followUps = try await store.query(Query.of(report: id))
            if !followUps.isEmpty {
                try await store.delete(followUps)
            }
            guard try await store.delete(report) else {
                throw DomainError.notFound(
                    localized(
                        "no case report with id '\(id)' (it was deleted meanwhile)",
                        ja: "ID '\(id)' の症例報告はありません（その間に削除されました）"))
            }
        }
    }
}
