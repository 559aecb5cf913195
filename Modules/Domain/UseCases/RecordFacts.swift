import StrataCrossCutting
import StrataJournal

/// Where a stored record stands with the server, for a list's SYNC column
/// (``CaseReportService/facts(of:)``, ``FollowUpService/facts(of:)``).
public enum RecordSyncState: String, Sendable, Hashable, CaseIterable {
    /// Nothing of it waits: the server has it as it is here (or it was never meant to go).
    case synced
    /// Saved here, not yet sent (or being sent now).
    case pending
    /// The server refused a change of it; `strata-host sync rejected` (or the Account screen)
    /// retries or discards it.
    case rejected
    /// Changed here and on the server; `strata-host sync conflicts` (or the Account screen)
    /// settles it.
    case conflict

    /// The state in the person's language (`synced`, `同期済み`).
    public var label: String {
        switch self {
        case .synced: localized("synced", ja: "同期済み")
        case .pending: localized("pending", ja: "送信待ち")
        case .rejected: localized("rejected", ja: "拒否")
        case .conflict: localized("conflict", ja: "競合")
        }
    }
}

/// Who wrote a stored record and where it stands with the server: a list's AUTHOR and SYNC
/// columns.
public struct RecordFacts: Sendable, Hashable {
    /// The id of the user the record is stored under: who first saved it here, or the owner
    /// the server gave a pulled one; `nil` when none was recorded (saved while nobody was
    /// signed in).
    public var authorID: String?
    /// The author's account name when this device knows it (the signed-in user's own
    /// records), or `nil`.
    public var authorName: String?
    /// Where the record stands with the server.
    public var sync: RecordSyncState

    /// Facts with every field given.
    public init(authorID: String?, authorName: String? = nil, sync: RecordSyncState = .synced) {
        self.authorID = authorID
        self.authorName = authorName
        self.sync = sync
    }

    /// The author as a list shows it: the account name when known, else the id's first
    /// ``shortIDLength`` characters (the server's ids are long), else `—`.
    public var author: String {
        if let authorName, !authorName.isEmpty { return authorName }
        guard let authorID, !authorID.isEmpty else { return "—" }
        return authorID.count > Self.shortIDLength ? String(authorID.prefix(Self.shortIDLength)) + "…" : authorID
    }

    /// How many characters of an author's id a list shows when it has no name.
    public static let shortIDLength = 8

    /// The facts of one object as the store records them: a conflict comes before a refusal,
    /// a refusal before a change waiting.
    init(_ facts: ObjectSyncFacts) {
        let sync: RecordSyncState =
            if facts.hasConflict {
                .conflict
            } else if facts.hasRejectedChange {
                .rejected
            } else if facts.hasPendingChange {
                .pending
            } else {
                .synced
            }
        self.init(authorID: facts.ownerUser, authorName: facts.ownerAccount, sync: sync)
    }
}

/// Reads the facts of a page of records in one query of the data layer's sync state.
struct RecordFactsReader: Sendable {
    /// Where the facts are read; `nil` (a domain over a bare store): every record reads as
    /// synced, with no author.
    let syncState: (any SyncStateStore)?

    /// The facts of each of `ids` (of the type `typeName`) the store holds, by id.
    func facts(typeName: String, ids: [String]) async throws -> [String: RecordFacts] {
        guard let syncState, !ids.isEmpty else { return [:] }
        return try await withStorage {
            try await syncState.objectFacts(typeName: typeName, objectIDs: ids).mapValues(RecordFacts.init)
        }
    }
}
