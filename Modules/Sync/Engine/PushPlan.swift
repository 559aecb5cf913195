import Foundation
import StrataJournal
import StrataStore
import StrataWire

/// How one push claims its batches: the signed-in user's changes (and changes made while nobody
/// was signed in), up to ``batchSize`` changes and ``maxBytes`` per request; other users'
/// changes are not claimed and wait for their next login.
struct PushPlan: Sendable {
    let userID: String
    /// The most changes per request; halved when the server answers 413.
    var batchSize: Int
    /// The body budget (see ``SyncConfiguration/maxRequestBytes``).
    let maxBytes: Int
    /// The attempt at the current batch: 1 until a retryable failure (each retry waits the
    /// engine's ``Backoff`` after `attempt` failures).
    var attempt = 1

    /// The next batch, or `nil` when the journal holds nothing more to send now. Changes in
    /// `sending` (in flight) are not claimed again; claimed changes over the byte budget go
    /// back to pending for the next batch; changes that can never be sent are rejected here
    /// and counted in `rejected`.
    func next(from journal: any ChangeJournal, sending: Set<String>, rejected: inout Int) async throws -> ChangeBatch? {
        while true {
            let claimed = try await journal.claim(limit: batchSize, for: userID, excluding: sending)
            guard !claimed.isEmpty else { return nil }
            let batch = ChangeBatch(claimed, maxBytes: maxBytes)
            if !batch.leftOver.isEmpty { try await journal.release(operationIDs: batch.leftOver.map(\.operationID)) }
            for (change, reason) in batch.unsendable {
                try await journal.reject(operationID: change.operationID, reason: reason)
                rejected += 1
            }
            if !batch.sent.isEmpty { return batch }
        }
    }
}

/// A batch the server answered in full (every change applied, duplicate or rejected), whose
/// answer is not yet written to the journal.
struct AnsweredBatch: Sendable {
    var batch: [Change]
    var answer: PushResponse

    /// `answer` when it settles every change of `batch`, else `nil` (some go back to pending).
    init?(_ batch: [Change], _ answer: PushResponse) {
        let settled = Set(answer.results.filter(Self.settles).map(\.operationId))
        guard batch.allSatisfy({ settled.contains($0.operationID) }) else { return nil }
        self.batch = batch
        self.answer = answer
    }

    /// Whether `result` says what became of its change: `applied`, `duplicate` or `rejected`.
    static func settles(_ result: ChangeResult) -> Bool {
        ["applied", "duplicate", "rejected"].contains(result.status)
    }
}

/// What writing answers down did, to add to a ``SyncReport``.
struct PushCounts: Sendable {
    var pushed = 0
    var rejected = 0
    /// Refused changes the type's resolver settled (queued again).
    var resolved = 0
    /// Refused changes left to the user.
    var conflicts: [SyncConflict] = []

    static func += (report: inout SyncReport, counts: PushCounts) {
        report.pushed += counts.pushed
        report.rejected += counts.rejected
        report.resolved += counts.resolved
        report.conflicts += counts.conflicts
    }
}
