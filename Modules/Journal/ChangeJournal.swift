#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif
public import StrataStore
public import StrataWire

/// The change journal (outbox): every save and delete of a type that goes to the server,
/// written in the same transaction as the data, waiting to be sent exactly once.
///
/// Repeated edits to one object before it is sent are coalesced into one change (an insert
/// then updates stay one insert with the newest values; updates stay one update with the
/// newest values, listing every field they changed (``Change/fields``); an insert then a
/// delete vanish; an update then a delete become a delete). Changes already handed to the sync engine
/// (`inFlight`) are never rewritten: a later edit queues behind them.
///
/// Every operation is `async`: the live journal does its SQLite work on the database's own
/// queue and suspends the caller meanwhile (the sync engine never blocks a cooperative thread).
///
/// - Important: logging out does not empty the journal. Pending changes keep the user and
///   group they were made by and are sent with that user's session; `discard` drops them.
public protocol ChangeJournal: Sendable {
    /// How many changes wait to be sent (`pending` and `inFlight`).
    func pendingCount() async throws -> Int

    /// Changes in the given states, oldest first, at most `limit` (`nil`: all).
    func changes(in states: Set<ChangeState>, limit: Int?) async throws -> [Change]

    /// The changes the server refused, each with its reason, oldest first.
    func rejected() async throws -> [Change]

    /// Moves a rejected change back to `pending`, to be sent again, with the edits made
    /// since: the object's later changes (queued behind the rejected one) are merged into it,
    /// as unsent edits coalesce, so the newest values go once (a refused insert deleted since
    /// leaves the journal: nothing is left to send).
    ///
    /// - Throws: `DataError` `notFound` naming the operation id when no rejected change has it.
    func retry(operationID: String) async throws

    /// Drops a pending or rejected change for good and has the server's version restored:
    /// an insert's local row goes now (with its dependent rows, `ValueObjectDependency`),
    /// and the object is fetched again at the next pull (``SyncStateKey/refetch(_:_:)``;
    /// the server not having it deletes the local row), or, for a `deleteAll`, the type is
    /// pulled again from the start.
    ///
    /// - Throws: `DataError` `notFound` naming the operation id.
    func discard(operationID: String) async throws

    /// For the sync engine: marks up to `limit` sendable changes `inFlight` and returns them,
    /// oldest first; only the oldest change of each object is handed out at a time.
    /// Changes already `inFlight` (a crash interrupted their sending) come first.
    func claim(limit: Int) async throws -> [Change]

    /// For the sync engine: ``claim(limit:)`` for one signed-in user — only changes `user` made
    /// or made while nobody was signed in; other users' changes stay as they are — and never
    /// the changes named in `sending` (those being sent right now), so the next batch can be
    /// claimed while one is in flight.
    ///
    /// The default claims every sendable change and puts back (`release`) what it does not
    /// return; a journal should do better, as the live one does.
    func claim(limit: Int, for user: String, excluding sending: Set<String>) async throws -> [Change]

    /// For the sync engine: the server applied these changes; they leave the journal.
    func acknowledge(operationIDs: [String]) async throws

    /// For the sync engine: the server refused this change (4xx); it becomes `rejected`.
    func reject(operationID: String, reason: String) async throws

    /// For the sync engine: the server refused this change by its `fail-if-changed` policy
    /// (`ConflictPolicy/failIfChanged`); it becomes `rejected` and keeps `conflictFields`
    /// and the server's `current` object beside it (``Change/conflictFields``,
    /// ``Change/current``), a `SyncConflict` of kind `refused` until settled.
    ///
    /// The default records only the reason (``reject(operationID:reason:)``).
    func reject(operationID: String, reason: String, conflictFields: [String], current: WireObject) async throws

    /// For the sync engine: sending failed (network, 5xx); these go back to `pending`.
    func release(operationIDs: [String]) async throws
}

extension ChangeJournal {
    /// Claims every sendable change and releases those not returned (see the requirement).
    public func claim(limit: Int, for user: String, excluding sending: Set<String>) async throws -> [Change] {
        guard limit > 0 else { return [] }
        let claimed = try await claim(limit: Int(Int32.max))
        let wanted = claimed.filter { !sending.contains($0.operationID) && ($0.ownerUser ?? user) == user }.prefix(limit)
        let kept = Set(wanted.map(\.operationID)).union(sending)
        let others = claimed.map(\.operationID).filter { !kept.contains($0) }
        if !others.isEmpty { try await release(operationIDs: others) }
        return Array(wanted)
    }

    /// Records only the reason (see the requirement).
    public func reject(operationID: String, reason: String, conflictFields: [String], current: WireObject) async throws {
        try await reject(operationID: operationID, reason: reason)
    }
}

/// One outgoing change.
public struct Change: Sendable, Hashable {
    /// A unique id the server uses to apply the change exactly once.
    public var operationID: String
    /// The value-object type.
    public var typeName: String
    /// The object's id (`*` for ``ChangeOperation/deleteAll``).
    public var objectID: String
    /// What happened.
    public var operation: ChangeOperation
    /// The values to send (every field, decrypted), empty for deletes.
    public var values: [String: FieldValue]
    /// The object's scope and owner, recorded at save time for the server to enforce.
    public var scope: DataScope
    /// The user who made the change, if a session existed.
    public var ownerUser: String?
    /// The group the change belongs to, if a session existed.
    public var ownerGroup: String?
    /// The journal's order: changes of one object are sent in this order.
    public var sequence: Int64
    /// Where the change is in its life.
    public var state: ChangeState
    /// The server's reason, for a rejected change.
    public var reason: String?
    /// When the change was first written.
    public var createdAt: Date
    /// For an ``ChangeOperation/update``: the keys of the fields the edit changed, compared with
    /// the stored object (two unsent updates fold into one listing both edits' fields); the
    /// server replaces only these and keeps the other fields as it holds them. `nil`: the whole
    /// object (inserts, deletes, and an update whose old values were not known).
    public var fields: [String]?
    /// For an ``ChangeOperation/update``: the server version of the object the edit was made
    /// on (the version its local row was last pulled at; two unsent updates folded keep the
    /// first one's), so the server can tell a concurrent write. `nil`: unknown (inserts,
    /// deletes, rows never pulled). An insert has `0` when the object may be on the server
    /// already (a follow-up saved before follow-ups synced): the server checks it as an update.
    public var baseVersion: Int64?
    /// The conflict policy the type declared when the change was made (`ConflictPolicy`);
    /// `nil` for a change written before policies existed (the server merges).
    public var policy: ConflictPolicy?
    /// For a change refused by its `fail-if-changed` policy: the fields another user changed
    /// since ``baseVersion``.
    public var conflictFields: [String]?
    /// For a change refused by its `fail-if-changed` policy: the object as the server held it
    /// then (its values and version).
    public var current: WireObject?
    /// For an insert or update of a type that shares its parent's visibility
    /// (`ValueObjectDependency/sharesVisibility`: a follow-up): the parent's type, read from
    /// the type's schema when the journal hands the change out (not stored); `nil` otherwise.
    /// The server deletes the object with its parent and refuses it under a deleted one.
    public var parentType: String?
    /// The id of the parent named by ``parentType`` (the object's value of the dependency's key).
    public var parentID: String?

    /// A change with every field given.
    public init(
        operationID: String, typeName: String, objectID: String, operation: ChangeOperation,
        values: [String: FieldValue], scope: DataScope, ownerUser: String?, ownerGroup: String?, sequence: Int64,
        state: ChangeState, reason: String?, createdAt: Date, fields: [String]? = nil, baseVersion: Int64? = nil,
        policy: ConflictPolicy? = nil, conflictFields: [String]? = nil, current: WireObject? = nil
    ) {
        self.fields = fields
        self.baseVersion = baseVersion
        self.policy = policy
        self.conflictFields = conflictFields
        self.current = current
        self.operationID = operationID
        self.typeName = typeName
        self.objectID = objectID
        self.operation = operation
        self.values = values
        self.scope = scope
        self.ownerUser = ownerUser
        self.ownerGroup = ownerGroup
        self.sequence = sequence
        self.state = state
        self.reason = reason
        self.createdAt = createdAt
    }
}

/// What a change does.
public enum ChangeOperation: String, Sendable, Hashable, CaseIterable, Codable {
    /// A new object.
    case insert
    /// New values for an existing object.
    case update
    /// The object is gone.
    case delete
    /// Every object of the type is gone (logically, on the server).
    case deleteAll
}

/// Where a change is in its life.
public enum ChangeState: String, Sendable, Hashable, CaseIterable, Codable {
    /// Waiting to be sent.
    case pending
    /// Handed to the sync engine, not yet acknowledged.
    case inFlight
    /// Refused by the server; see ``Change/reason``.
    case rejected
}
