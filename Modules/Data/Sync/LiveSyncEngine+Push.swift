import Foundation
import Logging
import StrataCrossCutting
import StrataWire
import Synchronization

/// Draining the journal (see ``SyncEngine``: push).
extension LiveSyncEngine {
    /// Sends every sendable change of `info`'s user (and changes made while nobody was
    /// signed in) in batches; another user's changes are put back for their next login.
    func push(as info: AuthInfo, client: SyncClient, report: inout SyncReport) async throws {
        let batchSize = client.configuration.batchSize
        var othersSkipped: Set<String> = []
        var attempt = 1
        var delay = client.configuration.retryDelay
        while true {
            let limit = batchSize + othersSkipped.count
            let claimed = try journal.claim(limit: limit)
            let others = claimed.filter { $0.ownerUser != nil && $0.ownerUser != info.userID }
            let mine = claimed.filter { $0.ownerUser == nil || $0.ownerUser == info.userID }
            let batch = Array(mine.prefix(batchSize))
            let putBack = others.map(\.operationID) + mine.dropFirst(batchSize).map(\.operationID)
            if !putBack.isEmpty { try journal.release(operationIDs: putBack) }
            let skippedBefore = othersSkipped.count
            othersSkipped.formUnion(others.map(\.operationID))
            if batch.isEmpty {
                // Only other users' changes so far: look further unless the journal has no more.
                guard claimed.count == limit, othersSkipped.count > skippedBefore else { return }
                continue
            }
            let outcome: Result<PushResponse, SyncFailure>
            do {
                outcome = .success(try await client.push(batch.map(\.wireChange), token: info.token))
            } catch {
                outcome = .failure(error)
            }
            let failure: SyncFailure
            switch outcome {
            case .success(let answer):
                try settle(batch, with: answer, report: &report)
                attempt = 1
                delay = client.configuration.retryDelay
                continue
            case .failure(let error):
                failure = error
            }
            if failure.isRetryable {
                try journal.release(operationIDs: batch.map(\.operationID))
                guard attempt < client.configuration.maxAttempts else {
                    throw RetriesExhausted(failure: failure, doing: "send \(batch.count) changes", attempts: attempt)
                }
                logger.debug("push failed; retrying", metadata: ["delay": "\(delay)", "error": "\(failure)"])
                try await sleep(delay)
                delay = nextDelay(after: delay)
                attempt += 1
            } else if case .refused(let status, let reason) = failure {
                // The server refused the batch as a whole: every change of it is rejected.
                for change in batch {
                    try journal.reject(operationID: change.operationID, reason: "HTTP \(status): \(reason)")
                }
                report.rejected += batch.count
                logger.warning("the server refused a batch", metadata: ["status": "\(status)", "reason": "\(reason)"])
            } else {
                try journal.release(operationIDs: batch.map(\.operationID))
                throw failure
            }
        }
    }

    /// Acknowledges, rejects or puts back each change of `batch` by the server's result.
    private func settle(_ batch: [Change], with answer: PushResponse, report: inout SyncReport) throws {
        var results: [String: ChangeResult] = [:]
        for result in answer.results { results[result.operationId] = result }
        var acknowledged: [String] = []
        var putBack: [String] = []
        for change in batch {
            switch results[change.operationID]?.status {
            case "applied", "duplicate":
                acknowledged.append(change.operationID)
            case "rejected":
                let reason = results[change.operationID]?.reason ?? "rejected by the server (no reason given)"
                try journal.reject(operationID: change.operationID, reason: reason)
                report.rejected += 1
            default:
                // No (or an unknown) result: not applied as far as we know; sent again later.
                putBack.append(change.operationID)
            }
        }
        if !acknowledged.isEmpty { try journal.acknowledge(operationIDs: acknowledged) }
        if !putBack.isEmpty {
            try journal.release(operationIDs: putBack)
            logger.warning("the server gave no result for some changes", metadata: ["count": "\(putBack.count)"])
        }
        report.pushed += acknowledged.count
        if !putBack.isEmpty && acknowledged.isEmpty && report.rejected == 0 {
            throw SyncFailure.malformed("the push answer has no result for any of the \(batch.count) changes sent")
        }
    }
}
