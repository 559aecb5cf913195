public import StrataCrossCutting
public import StrataData

extension DataLayerFactory {
    /// An in-memory data layer for tests: no file, same rules as the live SQLite layer.
    ///
    /// **The store** behaves like the live store: a type must be registered before use (else
    /// `DataError` `notRegistered`), schemas and queries are validated the same way (so `like`
    /// and sorting on an encrypted key are refused), inserts get fresh unique ids, updating a
    /// missing id is `notFound`, unique keys reject a second value (`duplicate`), a list is
    /// saved all or nothing, and queries filter, sort (ties broken by `objectId`) and page
    /// with SQLite's comparison rules. Each type's ``ValueObjectBehaviour`` is honoured:
    /// - `serverOnly` keeps no readable rows: a save returns the object with an id and
    ///   writes a journal change; fetch, query and count see nothing.
    /// - `localOnly` keeps rows and never journals; `localAndServer` does both.
    /// - `lifespan`: a row stored more than `lifespan` seconds ago (by `clock`) is never
    ///   returned, and is purged on registration and on a save at most once a minute, unless
    ///   the journal still holds a change of it.
    /// - Each change records the type's scope and the owner (user id and primary group) of
    ///   the session valid at the time; `deleteAll` of a journalled type drops the type's
    ///   pending changes and records one `deleteAll` change with object id `*`.
    /// Encrypted keys are kept in plain text: the double has no file to protect.
    ///
    /// **The journal** coalesces like the live one (insert+update → one insert with the new
    /// values; insert+delete → nothing; update+update → update; update+delete → delete; an
    /// in-flight change is never rewritten), `claim` hands out the oldest change of each
    /// object (in-flight ones first), and retry / discard / reject / release of an unknown
    /// id, or of a change in the wrong state, is `notFound` naming the operation id.
    /// **The log** keeps errors while the collection level (initially `error`) allows them,
    /// **the session** expires by `clock`, and **the notices** yield after each in-memory
    /// commit touching a requested type. The state lives as long as the returned layer and
    /// is safe to use from several threads at once.
    ///
    /// **An unexpected call fails loudly.** When `allowing` is given, every operation not in
    /// the set throws `DataError` `unexpectedCall` before touching any state, with a message
    /// such as `StrataDataTesting: unexpected call to save(CaseReport); this double allows
    /// only: query, count`. Use it to prove a use case never writes, or only counts:
    ///
    /// ```swift
    /// let data = DataLayerFactory.inMemory(allowing: [.register, .count])
    /// let domain = try DomainFactory.make(data: data, clock: FixedClock(now))
    /// _ = try domain.status.summary()          // fine: only counts
    /// _ = try domain.reports.add(draft)        // throws: unexpected call to save(CaseReport)
    /// ```
    ///
    /// - Parameters:
    ///   - readOnly: when `true`, the layer reports `isWritable == false`, registering only
    ///     checks the schema, every type reads as empty and every write throws `readOnly`
    ///     (what `DataLayerFactory.readOnly(container:logger:)` gives on a fresh store); so
    ///     do the journal's changes, kept log entries and setting the log level.
    ///   - allowing: the operations a test expects; `nil` (the default) allows all of them.
    ///   - clock: where "now" comes from for lifespans, change and log times and session
    ///     expiry; a test moves it to make rows expire.
    ///   - session: a session to start signed in with (`nil`: nobody is signed in).
    /// - Important: the allowed set is checked on every call, `register` included: a use case
    ///   factory that registers its types needs `.register` in the set. `notices.changes(of:)`
    ///   cannot throw; when `.notices` is not allowed its stream ends at once.
    public static func inMemory(
        readOnly: Bool = false, allowing: Set<DataOperation>? = nil, clock: any StrataClock = SystemClock(),
        session: AuthInfo? = nil
    ) -> any DataLayer {
        let gate = CallGate(allowing: allowing)
        let sessionStore = InMemorySessionStore(gate: gate, clock: clock, initial: session)
        let notices = InMemoryChangeNotices(gate: gate)
        let store = InMemoryStore(readOnly: readOnly, gate: gate, clock: clock, session: sessionStore, notices: notices)
        let journal = InMemoryChangeJournal(store: store)
        return InMemoryDataLayer(
            store: store, journal: journal,
            diagnostics: InMemoryDiagnosticLog(gate: gate, clock: clock, readOnly: readOnly), session: sessionStore,
            notices: notices, syncState: InMemorySyncState(store: store, readOnly: readOnly),
            isWritable: !readOnly)
    }
}
