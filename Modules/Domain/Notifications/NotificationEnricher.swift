#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import StrataCrossCutting
import StrataStore

/// Turns an incoming notification into the record to store, enriching a follow-up-due
/// notification with the patient's name and the due date when the store has both — within
/// the policy's deadline: past it, the original content is kept and the policy told.
struct NotificationEnricher {
    /// The kind of notification that names a report whose follow-up is due.
    static let followUpDueKind = "follow-up-due"

    let store: any ValueObjectStore
    /// The calendar whose time zone decides the due day printed in the body.
    let calendar: Calendar
    /// How long the look-ups may take, and whom to tell when they run out.
    var policy = NotificationEnrichmentPolicy.standard

    /// The record for `notification`: enriched (`isEnriched == true`) when it is a
    /// follow-up-due notification whose report and follow-up are found, else with the
    /// original title and body and no patient or due date. The enriched title and body are
    /// written in the current `MessageLanguage` (the extension's locale), as stored.
    ///
    /// - Throws: only a `DataError` `unexpectedCall` (see ``bestEffort(_:)``); every other
    ///   failure to look up the report or follow-up keeps the original content.
    func record(for notification: IncomingNotification, receivedAt: Date) async throws -> NotificationRecord {
        var record = NotificationRecord()
        record.notificationId = notification.id
        record.kind = notification.kind
        record.title = notification.title ?? ""
        record.body = notification.body ?? ""
        record.reportId = notification.reportId
        record.followUpId = notification.followUpId
        record.sentAt = notification.sentAt
        record.receivedAt = receivedAt
        if let (patientName, dueDate) = try await enrichmentWithinDeadline(for: notification) {
            record.patientName = patientName
            record.dueDate = dueDate
            let day = DayText.day(dueDate, calendar: calendar)
            record.title = localized("Follow-up due: \(patientName)", ja: "フォローアップ期限: \(patientName)")
            record.body = localized(
                "\(patientName)'s follow-up is due on \(day)", ja: "\(patientName) さんのフォローアップ期限は \(day) です")
            record.isEnriched = true
        }
        return record
    }

    /// ``enrichment(for:)`` raced against the policy's deadline: `nil` (the original content)
    /// when the deadline passes first, and the policy is told.
    private func enrichmentWithinDeadline(for notification: IncomingNotification) async throws
        -> (patientName: String, dueDate: Date)?
    {
        // Nothing to look up: no race.
        guard notification.kind == Self.followUpDueKind, notification.reportId != nil else { return nil }
        let enricher = self
        let outcome = try await DeadlineRace.run(deadline: policy.deadline) {
            try await enricher.enrichment(for: notification).map { Enrichment(patientName: $0.patientName, dueDate: $0.dueDate) }
        }
        switch outcome {
        case .finished(let found):
            return found.map { ($0.patientName, $0.dueDate) }
        case .timedOut:
            policy.onDeadlinePassed?(notification.id, policy.deadline)
            return nil
        }
    }

    /// What enrichment adds, as one value a task can hand back.
    private struct Enrichment: Sendable {
        let patientName: String
        let dueDate: Date
    }

    /// The patient's name and the due date, or `nil` when anything is missing. Enrichment is
    /// best effort: a storage error here only means the original content is kept.
    private func enrichment(for notification: IncomingNotification) async throws -> (patientName: String, dueDate: Date)? {
        guard notification.kind == Self.followUpDueKind, let reportId = notification.reportId,
            let report = try await bestEffort({ try await store.fetch(CaseReport.self, id: reportId) })
        else { return nil }
        let followUp: FollowUp?
        if let followUpId = notification.followUpId {
            // A named follow-up of another report is as good as missing.
            followUp = try await bestEffort { try await store.fetch(FollowUp.self, id: followUpId) }
                .flatMap { $0.caseReportID == reportId ? $0 : nil }
        } else {
            let pending = Query<FollowUp>.of(report: reportId).whereKey("isDone", .equal, false).limit(1)
            followUp = try await bestEffort { try await store.query(pending).first }
        }
        guard let followUp else { return nil }
        return (report.patientName, followUp.date)
    }

    /// What `lookUp` finds, or `nil` when it fails: a store failure only costs the enrichment.
    ///
    /// - Important: a `DataError` `unexpectedCall` is rethrown, not swallowed. It means a
    ///   StrataDataTesting double refused a call its test did not allow; falling back would
    ///   hide that mistake behind a record that merely looks un-enriched.
    private func bestEffort<Found>(_ lookUp: () async throws -> Found?) async throws -> Found? {
        do {
            return try await lookUp()
        } catch let error as DataError where error.code == .unexpectedCall {
            throw error
        } catch {
            return nil
        }
    }
}
