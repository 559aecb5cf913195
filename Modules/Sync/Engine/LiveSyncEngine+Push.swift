import Foundation
import Logging
import StrataCrossCutting
import StrataJournal
import StrataSession
import StrataStore
import StrataWire
import Synchronization

/// Draining the journal (see ``SyncEngine``: push).
extension LiveSyncEngine {
    /// Sends every sendable change of `info`'s user (and changes made while nobody was
    /// signed in) in batches; another user's changes wait for their next login.
    ///
    /// Requests go one at a time, in journal order. While one is in flight, the answer to the
    /// one before is written to the journal and the next batch is claimed, so the journal's
    /// work overlaps the network's. The next batch is sent only once the answer in flight
    /// settles every change of its batch; otherwise it goes back to pending first, so the next
    /// claim starts again from the oldest unsettled change, in journal order. A change put
    /// back after it was sent keeps its operation id and is never merged into by later edits
    /// (its journal claim, then the `sent` mark): the server may have applied it and answers `duplicate`.
    func push(as info: AuthInfo, client: SyncClient, report: inout SyncReport) async throws {
        let configuration = client.configuration
        var plan = PushPlan(userID: info.userID, batchSize: configuration.batchSize, maxBytes: configuration.maxRequestBytes)
        var current = try await plan.next(from: journal, sending: [], rejected: &report.rejected)
        var answered: AnsweredBatch?
        // A refused change the type's resolver settled is sent again once per push at most.
        let resolutions = AutoResolutions()
        while true {
            guard let batch = current else {
                // Nothing to claim: write the last answer down, which may free changes queued behind it.
                guard let last = answered else { return }
                report += try await record(last.batch, last.answer, resolutions: resolutions)
                answered = nil
                current = try await plan.next(from: journal, sending: [], rejected: &report.rejected)
                continue
            }
            let (previous, planNow, sending) = (answered, plan, Set(batch.sent.map(\.operationID)))
            async let prepared = prepare(after: previous, plan: planNow, sending: sending, resolutions: resolutions)
            let outcome = await send(batch, client: client, token: info.token)
            let (counts, upcoming) = try await prepared
            report += counts
            answered = nil
            if case .success(let answer) = outcome, let settled = AnsweredBatch(batch.sent, answer) {
                answered = settled
                current = upcoming
                plan.attempt = 1
                continue
            }
            // Anything else: the batch claimed meanwhile goes back first, so journal order holds.
            if let upcoming { try await journal.release(operationIDs: upcoming.sent.map(\.operationID)) }
            switch outcome {
            case .success(let answer): try await settle(batch.sent, with: answer, report: &report, resolutions: resolutions)
            case .failure(let failure): try await recover(from: failure, batch: batch, plan: &plan, report: &report, client: client)
            }
            current = try await plan.next(from: journal, sending: [], rejected: &report.rejected)
        }
    }

    private func send(_ batch: ChangeBatch, client: SyncClient, token: String) async -> Result<PushResponse, SyncFailure> {
        do {
            return .success(try await client.push(body: batch.body, token: token))
        } catch {
            return .failure(error)
        }
    }

    /// Writes `answered` to the journal, then claims the batch after the one in `sending`.
    private func prepare(
        after answered: AnsweredBatch?, plan: PushPlan, sending: Set<String>, resolutions: AutoResolutions
    ) async throws -> (PushCounts, ChangeBatch?) {
        var counts = PushCounts()
        if let answered { counts = try await record(answered.batch, answered.answer, resolutions: resolutions) }
        let next = try await plan.next(from: journal, sending: sending, rejected: &counts.rejected)
        return (counts, next)
    }

    /// A failed request: halve the batches (413 for more than one change), retry with backoff
    /// (network, 5xx), reject the batch's changes (another 4xx) or stop (401, an unreadable
    /// answer); except when rejected, the batch goes back to pending.
    private func recover(
        from failure: SyncFailure, batch: ChangeBatch, plan: inout PushPlan, report: inout SyncReport, client: SyncClient
    ) async throws {
        let ids = batch.sent.map(\.operationID)
        if case .refused(413, _) = failure, ids.count > 1 {
            // The server takes fewer changes or bytes than this batch: halve the batches.
            try await journal.release(operationIDs: ids)
            plan.batchSize = max(1, ids.count / 2)
            logger.debug("push batch too large for the server; halving", metadata: ["changes": "\(plan.batchSize)"])
        } else if failure.isRetryable {
            try await journal.release(operationIDs: ids)
            guard plan.attempt < client.configuration.maxAttempts else {
                throw RetriesExhausted(failure: failure, doing: "send \(ids.count) changes", attempts: plan.attempt)
            }
            let delay = backoff.delay(afterFailures: plan.attempt)
            logger.debug("push failed; retrying", metadata: ["delay": "\(delay)", "error": "\(readable(failure, doing: "send changes"))"])
            try await sleep(delay)
            plan.attempt += 1
        } else if case .refused(let status, let reason) = failure {
            // The server refused the batch as a whole: every change of it is rejected.
            for id in ids {
                try await journal.reject(operationID: id, reason: "HTTP \(status): \(reason)")
            }
            report.rejected += ids.count
            logger.warning("the server refused a batch", metadata: ["status": "\(status)", "reason": "\(reason)"])
        } else {
            try await journal.release(operationIDs: ids)
            throw failure
        }
    }

    /// Acknowledges, rejects or puts back each change of `batch` by the server's result.
    private func settle(
        _ batch: [Change], with answer: PushResponse, report: inout SyncReport, resolutions: AutoResolutions
    ) async throws {
        let counts = try await record(batch, answer, resolutions: resolutions)
        report += counts
        let settled = Set(answer.results.filter(AnsweredBatch.settles).map(\.operationId))
        let putBack = batch.map(\.operationID).filter { !settled.contains($0) }
        guard !putBack.isEmpty else { return }
        // No (or an unknown) result: not applied as far as we know; sent again later.
        try await journal.release(operationIDs: putBack)
        logger.warning("the server gave no result for some changes", metadata: ["count": "\(putBack.count)"])
        if counts.pushed == 0 && counts.rejected == 0 && counts.resolved == 0 {
            throw SyncFailure.malformed("the push answer has no result for any of the \(batch.count) changes sent")
        }
    }

    /// Acknowledges the changes of `batch` applied (or duplicate) and rejects those rejected,
    /// by `answer`; changes without such a result are left as they are. A change refused by its
    /// `fail-if-changed` policy (the result names the fields and carries the server's object)
    /// keeps that object in the rejected list: the type's ``ConflictResolver`` settles it at once
    /// when it can (back to pending on the server's version, claimed again by this push: a
    /// rejected change blocks its object's later changes, so journal order holds), else it is
    /// one of the report's conflicts.
    private func record(_ batch: [Change], _ answer: PushResponse, resolutions: AutoResolutions) async throws -> PushCounts {
        var results: [String: ChangeResult] = [:]
        for result in answer.results where AnsweredBatch.settles(result) { results[result.operationId] = result }
        var counts = PushCounts()
        var acknowledged: [String] = []
        for change in batch {
            guard let result = results[change.operationID] else { continue }
            if result.status == "rejected" {
                let reason = result.reason ?? "rejected by the server (no reason given)"
                guard let fields = result.conflictFields, let current = result.current else {
                    try await journal.reject(operationID: change.operationID, reason: reason)
                    counts.rejected += 1
                    continue
                }
                try await journal.reject(operationID: change.operationID, reason: reason, conflictFields: fields, current: current)
                let handling = try await state.conflictHandling(for: change.typeName)
                let shown = fields.filter { !handling.quietFields.contains($0) }
                var conflict = SyncConflict(refused: change, fields: shown.isEmpty ? fields : shown, current: current, at: clock.now())
                // Who changed the fields since this device's copy, for the sync's line (the list does not keep it).
                conflict.byAccount = result.byAccount
                if let choice = automaticChoice(conflict, onlyQuiet: shown.isEmpty, handling: handling, resolutions: resolutions) {
                    try await conflicts.resolve(conflict.id, choice)
                    counts.resolved += 1
                } else {
                    counts.rejected += 1
                    counts.conflicts.append(conflict)
                }
            } else {
                acknowledged.append(change.operationID)
            }
        }
        if !acknowledged.isEmpty { try await journal.acknowledge(operationIDs: acknowledged) }
        counts.pushed = acknowledged.count
        return counts
    }
}

extension LiveSyncEngine {
    /// How a refused change is settled without asking the user: kept (sent again on the
    /// server's version) when only the type's quiet fields conflict, the values of the type's
    /// ``ConflictResolver`` when it gives some; else `nil` — and `nil` too once this push
    /// settled the change already (refused again, the user decides).
    fileprivate func automaticChoice(
        _ conflict: SyncConflict, onlyQuiet: Bool, handling: ConflictHandling, resolutions: AutoResolutions
    ) -> ConflictChoice? {
        let choice: ConflictChoice
        if onlyQuiet {
            choice = .keepMine
        } else if let values = handling.resolver?.resolve(conflict) {
            choice = .merged(values)
        } else {
            return nil
        }
        guard resolutions.first(conflict.id) else { return nil }
        logger.debug("a refused change settled without asking", metadata: ["type": "\(conflict.typeName)"])
        return choice
    }
}

/// The refused changes one push let a resolver settle (each once).
final class AutoResolutions: Sendable {
    private let settled = Mutex<Set<String>>([])

    /// Whether `id` is settled for the first time in this push (and notes it).
    func first(_ id: String) -> Bool {
        settled.withLock { $0.insert(id).inserted }
    }
}

extension SyncConflict {
    /// The conflict of `change`, refused on `fields` with the server's `current` object.
    init(refused change: Change, fields: [String], current: WireObject, at detectedAt: Date) {
        func only(_ values: [String: FieldValue]) -> [String: FieldValue] {
            values.filter { fields.contains($0.key) && $0.value != .null }
        }
        self.init(
            id: change.operationID, kind: .refused, typeName: change.typeName, objectID: change.objectID, fields: fields,
            mine: only(change.values), theirs: only(current.values.mapValues(FieldValue.init(wire:))), byAccount: nil,
            serverVersion: current.version, detectedAt: detectedAt)
    }
}
