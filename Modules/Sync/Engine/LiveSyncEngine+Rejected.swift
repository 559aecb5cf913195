import StrataCrossCutting
import StrataJournal

/// What a person does about the changes the server refused (see ``SyncEngine``).
extension LiveSyncEngine {
    func listingRejected() async throws -> [Change] {
        try await journal.rejected()
    }

    func retrying(_ id: String) async throws -> Change {
        let change = try await rejectedChange(id)
        try await journal.retry(operationID: change.operationID)
        return change
    }

    func discarding(_ id: String) async throws -> Change {
        let change = try await rejectedChange(id)
        try await journal.discard(operationID: change.operationID)
        return change
    }

    /// The rejected change whose operation id is `id` or starts with it (only one may; any start
    /// will do), by the one matching rule (``IdStart``).
    private func rejectedChange(_ id: String) async throws -> Change {
        let rejected = try await journal.rejected()
        switch IdStart.find(id, in: rejected, id: \.operationID) {
        case .found(let change):
            return change
        case .ambiguous(let count):
            throw SyncError(
                .notFound,
                localized(
                    "'\(id)' starts \(count) rejected changes' ids; give more of the id",
                    ja: "'\(id)' で始まる拒否された変更が \(count) 件あります。ID をもっと長く指定してください"))
        case .noMatch, .tooShort:
            throw SyncError(
                .notFound,
                localized(
                    "no rejected change has the id '\(id)' (\(rejected.count) rejected \(rejected.count == 1 ? "change" : "changes"))",
                    ja: "ID '\(id)' の拒否された変更はありません（拒否された変更は \(rejected.count) 件）"))
        }
    }
}
