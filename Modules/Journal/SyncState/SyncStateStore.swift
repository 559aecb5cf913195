public import StrataStore
public import StrataWire

/// What the sync engine (`StrataSync`) keeps in the store besides the ``ChangeJournal`` and
/// the `SessionStore`: the facts it records (last sync, last error, connectivity, server,
/// device ids, push and pull cursors, objects to fetch again), the types it syncs, and the
/// pulled rows it writes (a pulled deletion takes the rows that depend on the deleted object
/// along, see `ValueObjectDependency`).
///
/// Obtained as `DataLayer/syncState`. The store is the one source of the sync status:
/// `strata-status` reads ``status()`` from a read-only layer and never links the engine.
///
/// Every `async` requirement does its SQLite work on the database's own queue, suspending
/// (never blocking) the caller.
public protocol SyncStateStore: Sendable {
    /// What a status line shows, from the store alone: the journal's counts (without opening
    /// payloads, so a reader without the key can count) and the facts the engine recorded.
    /// Connectivity is `notConfigured` when no server was ever recorded.
    func status() async throws -> SyncStatus

    /// One recorded fact, or `nil` when it was never recorded (or a read-only store has no
    /// settings yet).
    func value(_ key: SyncStateKey) async throws -> String?

    /// Records (or, for `nil`, removes) facts in one write transaction.
    ///
    /// - Throws: `DataError` `readOnly` on a read-only layer.
    func set(_ values: [SyncStateKey: String?]) async throws

    /// The registered `localAndServer` types (with a table), by name, each with its
    /// `AutoRefresh` interval if it has one and the scope it is pulled at.
    func syncedTypes() async throws -> [SyncedType]

    /// Writes one pulled page of `typeName` into local rows, records its overwrite notices as
    /// ``SyncConflictStore/recordOverwritten(_:typeName:)`` does (the outcome's `conflicts`) and
    /// moves the type's pull cursor (``SyncStateKey/cursor(_:)``) to `page.cursor`, in one write
    /// transaction (a crash cannot move the cursor past notices it lost), writing no journal
    /// entries (the server is authoritative; nothing goes back).
    ///
    /// A pulled object whose id still has a change in the journal (`pending`, `inFlight` or
    /// `rejected`), or whose type has an unsent `deleteAll`, is skipped: the local edit stays
    /// on top until it is sent. Encrypted keys are sealed as a save would seal them; one
    /// object that does not fit the schema is skipped and counted, not fatal.
    ///
    /// - Throws: `DataError` `notRegistered` when `typeName` is not a registered
    ///   `localAndServer` type, `readOnly`, or a storage error (nothing of the page is written).
    func applyPulled(_ page: PullResponse, typeName: String) async throws -> PulledPageOutcome

    /// The work on a pulled page of `typeName` that needs neither the store's lane nor its
    /// transaction (sealing and hashing encrypted keys, checking each value's kind), done now,
    /// off the lane: the engine prepares the next page while the lane writes this one. What it
    /// decides is still decided when the page is written (``applyPulled(_:)``): which objects a
    /// local change holds back, and whether the type's table is still the one the page was
    /// prepared for (if not, the page is prepared again there).
    ///
    /// The default prepares nothing.
    ///
    /// - Throws: as ``applyPulled(_:typeName:)`` (nothing is written).
    func preparePulled(_ page: PullResponse, typeName: String) async throws -> PreparedPullPage

    /// Writes a page ``preparePulled(_:typeName:)`` prepared, exactly as
    /// ``applyPulled(_:typeName:)`` writes `prepared.page` (the default does just that).
    func applyPulled(_ prepared: PreparedPullPage) async throws -> PulledPageOutcome

    /// The ids of `typeName`'s objects to fetch again from the server at the next pull
    /// (``SyncStateKey/refetch(_:_:)``: a change of each was discarded, see
    /// ``ChangeJournal/discard(operationID:)``), in id order.
    func refetchRequests(_ typeName: String) async throws -> [String]

    /// Writes the server's versions of objects fetched one by one for
    /// ``refetchRequests(_:)``: each of `objects` as a pulled one (the same rules as
    /// ``applyPulled(_:typeName:)``, a local change still waiting wins), each of `missing`
    /// (the server has no such object, or does not show it to this user) deleted with its
    /// dependent rows; every id's refetch mark is removed, in one write transaction. The pull
    /// cursor does not move.
    ///
    /// - Throws: as ``applyPulled(_:typeName:)``.
    func applyRefetched(_ objects: [WireObject], missing: [String], typeName: String) async throws -> PulledPageOutcome

    /// During a re-pull from the start of a restored server (a client reset), before a page is
    /// applied: queues an `update` in the journal, with every field's local value, for each
    /// live object of `objects` whose local row `ownerUser` owns, that has no change in the
    /// journal and whose values differ from the pulled ones: an edit made after the backup,
    /// which the restored server lost. The page then keeps those rows (a local change waits).
    /// Returns how many it queued, in one write transaction.
    ///
    /// - Throws: as ``applyPulled(_:typeName:)``.
    func requeueChanged(_ objects: [WireObject], typeName: String, ownerUser: String) async throws -> Int

    /// After a re-pull from the start of a restored server (a client reset): queues an
    /// `insert` in the journal, with every field's local value, for each local object of
    /// `typeName` that `ownerUser` owns, that is not in `present` (the ids the re-pull
    /// returned) and that has no change in the journal: the objects the server lost. Returns
    /// how many it queued, in one write transaction.
    ///
    /// - Throws: as ``applyPulled(_:typeName:)``.
    func requeueMissing(_ typeName: String, present: Set<String>, ownerUser: String) async throws -> Int

    /// How the registered type `typeName` handles a refused change (its quiet fields and its
    /// schema's `ConflictResolver`): the sync engine settles one with it before asking the user.
    func conflictHandling(for typeName: String) async throws -> ConflictHandling

    /// For each id of `objectIDs` whose object of `typeName` is stored here: its owner and
    /// whether a change of it waits, was refused or conflicts (``ObjectSyncFacts``), read in
    /// one query for the whole list (a list screen asks once per page, not once per row).
    /// An id with no stored object is left out; so is every id of a type with no table.
    func objectFacts(typeName: String, objectIDs: [String]) async throws -> [String: ObjectSyncFacts]
}

extension SyncStateStore {
    /// Prepares nothing: ``applyPulled(_:)`` then writes the page as ``applyPulled(_:typeName:)`` does.
    public func preparePulled(_ page: PullResponse, typeName: String) async throws -> PreparedPullPage {
        PreparedPullPage(page: page, typeName: typeName)
    }

    /// Writes `prepared.page` with ``applyPulled(_:typeName:)``.
    public func applyPulled(_ prepared: PreparedPullPage) async throws -> PulledPageOutcome {
        try await applyPulled(prepared.page, typeName: prepared.typeName)
    }

    /// No quiet fields, no resolver: every conflict is left to the user.
    public func conflictHandling(for typeName: String) async throws -> ConflictHandling { ConflictHandling() }
}

/// What a registered type declares about conflicts, for the sync engine.
public struct ConflictHandling: Sendable {
    /// The fields never reported (`ValueObjectBehaviour/quietFields`): a change refused only
    /// for these is sent again on the server's version without asking anyone.
    public var quietFields: [String]
    /// The schema's resolver (`ValueObjectSchema/resolver`), if any.
    public var resolver: ConflictResolver?

    /// A type's handling (by default: nothing quiet, no resolver).
    public init(quietFields: [String] = [], resolver: ConflictResolver? = nil) {
        self.quietFields = quietFields
        self.resolver = resolver
    }
}

/// A registered type the engine pulls.
public struct SyncedType: Sendable, Hashable {
    /// The type's name.
    public var name: String
    /// Seconds between background pulls (its `AutoRefresh`), or `nil` to pull only on an
    /// explicit sync.
    public var refreshInterval: Double?
    /// Whose objects its pulls ask for (its `AutoRefresh/scope`; `DataScope/all`, everything
    /// the user may see, without one). Every pull of the type, background or explicit, uses it.
    public var pullScope: DataScope

    /// A synced type.
    public init(name: String, refreshInterval: Double?, pullScope: DataScope = .all) {
        self.name = name
        self.refreshInterval = refreshInterval
        self.pullScope = pullScope
    }
}

/// A pulled page and what the store prepared of it ahead of its turn to be written
/// (``SyncStateStore/preparePulled(_:typeName:)``).
public struct PreparedPullPage: Sendable {
    /// The page as pulled.
    public let page: PullResponse
    /// The type the page holds.
    public let typeName: String
    /// The store's own work on the page, opaque to the engine; `nil` when it prepared nothing.
    public let work: (any Sendable)?

    /// A page of `typeName` with the store's `work` on it (none by default).
    public init(page: PullResponse, typeName: String, work: (any Sendable)? = nil) {
        self.page = page
        self.typeName = typeName
        self.work = work
    }
}

/// What ``SyncStateStore/applyPulled(_:typeName:)`` did with one page.
public struct PulledPageOutcome: Sendable, Hashable {
    /// Objects written to local rows (created, updated or deleted).
    public var written: Int
    /// Objects skipped because a local change of them still waits to be sent.
    public var keptLocal: Int
    /// Objects skipped because they do not fit the schema (a wrong value kind, a unique clash).
    public var invalid: Int
    /// The conflicts the page's overwrite notices (``PullResponse/overwritten``) recorded, in the
    /// page's transaction (see ``SyncConflictStore/recordOverwritten(_:typeName:)``).
    public var conflicts: [SyncConflict]

    /// An outcome with every count given.
    public init(written: Int = 0, keptLocal: Int = 0, invalid: Int = 0, conflicts: [SyncConflict] = []) {
        self.written = written
        self.keptLocal = keptLocal
        self.invalid = invalid
        self.conflicts = conflicts
    }
}

/// What the store knows of one stored object for a list's author and sync columns
/// (``SyncStateStore/objectFacts(typeName:objectIDs:)``).
public struct ObjectSyncFacts: Sendable, Hashable {
    /// The user the object's row was stored with: the user signed in when it was first saved
    /// here, or the owner the server gave a pulled one; `nil` when none was recorded (saved while
    /// nobody was signed in, or a table too old to keep owners).
    public var ownerUser: String?
    /// The account name of ``ownerUser`` when this device knows it (the signed-in user's own
    /// objects), or `nil`.
    public var ownerAccount: String?
    /// Whether a change of it waits to be sent (`pending` or `inFlight` in the journal).
    public var hasPendingChange: Bool
    /// Whether the server refused a change of it (`rejected` in the journal).
    public var hasRejectedChange: Bool
    /// Whether an open conflict names it: an overwrite a pull reported, or a change refused
    /// by the type's `fail-if-changed` policy (a ``SyncConflict``).
    public var hasConflict: Bool

    /// Facts with every field given.
    public init(
        ownerUser: String?, ownerAccount: String? = nil, hasPendingChange: Bool = false, hasRejectedChange: Bool = false,
        hasConflict: Bool = false
    ) {
        self.ownerUser = ownerUser
        self.ownerAccount = ownerAccount
        self.hasPendingChange = hasPendingChange
        self.hasRejectedChange = hasRejectedChange
        self.hasConflict = hasConflict
    }
}
