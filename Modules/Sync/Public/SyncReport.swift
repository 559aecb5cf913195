public import Foundation
import StrataJournal
public import StrataStore

/// What one ``SyncEngine/syncNow()`` did.
public struct SyncReport: Sendable, Hashable {
    /// Changes the server applied (or had already applied) and that left the journal.
    public var pushed: Int
    /// Changes the server refused; they wait in `ChangeJournal.rejected()`.
    public var rejected: Int
    /// Pulled objects written to local rows (created, updated or deleted), by type name.
    public var pulled: [String: Int]
    /// Pulled objects skipped because a local change of them still waits to be sent.
    public var keptLocal: Int
    /// The client reset this sync did after finding the server restored from a backup, if any.
    public var serverReset: ServerReset? = nil
    /// The objects this sync removed because its user no longer sees them, if any.
    public var revocation: Revocation? = nil
    /// The conflicts this sync found that wait for the user: writes of this device the server
    /// replaced or refused, not settled by the type's resolver (one line each, per object).
    public var conflicts: [SyncConflict] = []
    /// Refused changes the type's ``ConflictResolver`` settled and queued again.
    public var resolved: Int = 0
    /// When the sync started.
    public var startedAt: Date
    /// When it finished.
    public var finishedAt: Date

    /// A report with every field given.
    public init(pushed: Int, rejected: Int, pulled: [String: Int], keptLocal: Int, startedAt: Date, finishedAt: Date) {
        self.pushed = pushed
        self.rejected = rejected
        self.pulled = pulled
        self.keptLocal = keptLocal
        self.startedAt = startedAt
        self.finishedAt = finishedAt
    }

    /// Pulled objects over all types.
    public var pulledCount: Int { pulled.values.reduce(0, +) }
}
