import Foundation
import Logging
public import StrataCrossCutting
public import StrataData
public import StrataSession
import StrataStore

extension DataLayerFactory {
    /// A data layer for tests: the real SQLite store, on a temporary container of its own.
    ///
    /// **Every behaviour is the live store's.** The layer is
    /// ``StrataData/DataLayerFactory/live(container:logger:clock:verifyPages:keyring:)`` on a fresh
    /// owner-only directory (on `/dev/shm` when there is one, so a test's store costs about a
    /// millisecond); the directory, with the store, its key and its session file, is removed
    /// when the last part of the layer is released. So registration, validation, queries,
    /// behaviours (server-only, lifespans, scopes, owners), the journal's coalescing, the log,
    /// the session and the notices (a watcher polling the file) are exactly what a host gets;
    /// nothing is re-implemented. Each call returns a layer with its own, empty store.
    ///
    /// **What the double adds** is a thin decorator over the layer's protocols that every call
    /// passes before it reaches the store:
    ///
    /// - **An unexpected call fails loudly.** When `allowing` is given, every operation not in
    ///   the set throws `DataError` `unexpectedCall` without touching the store, with a message
    ///   such as `StrataDataTesting: unexpected call to save(CaseReport); this double allows
    ///   only: query, count`. Use it to prove a use case never writes, or only counts:
    ///
    ///   ```swift
    ///   let data = await DataLayerFactory.inMemory(allowing: [.register, .count])
    ///   let domain = try await DomainFactory.make(data: data, clock: FixedClock(now))
    ///   _ = try await domain.status.summary()    // fine: only counts
    ///   _ = try await domain.reports.add(draft)  // throws: unexpected call to save(CaseReport)
    ///   ```
    /// - **Failure injection.** `failing` maps operations to the error each call of them throws
    ///   instead of reaching the store (every call, until the layer is released), as a damaged
    ///   or busy store would:
    ///
    ///   ```swift
    ///   let data = await DataLayerFactory.inMemory(failing: [.fetch: DataError(.sqlite, "disk I/O error")])
    ///   ```
    ///
    /// The store's own work is not a call: a save that journals a change does not need a
    /// journal member in `allowing`, and the owner it records is read without `.currentSession`.
    ///
    /// - Parameters:
    ///   - readOnly: when `true`, the layer is ``StrataData/DataLayerFactory/readOnly(container:logger:clock:requireKey:verifyPages:keyring:)``
    ///     on a fresh store: `isWritable` is `false`, registering only checks the schema, every
    ///     type reads as empty and every write throws `readOnly`; so do the journal's changes,
    ///     kept log entries and setting the log level.
    ///   - allowing: the operations a test expects; `nil` (the default) allows all of them.
    ///   - failing: the error each listed operation throws (checked after `allowing`).
    ///   - clock: where "now" comes from for lifespans, change and log times and session
    ///     expiry; a test moves it to make rows expire.
    /// - Important: the allowed set is checked on every call, `register` included: a use case
    ///   factory that registers its types needs `.register` in the set. `notices.changes(of:)`
    ///   cannot throw; when `.notices` is not allowed (or failing) its stream ends at once.
    ///   A double that cannot make its temporary store (no writable temporary directory) stops
    ///   the test process with a message naming the folder: there is nothing to test without it.
    public static func inMemory(
        readOnly: Bool = false, allowing: Set<DataOperation>? = nil, failing: [DataOperation: any Error] = [:],
        clock: any StrataClock = SystemClock()
    ) async -> any DataLayer {
        let container = makeContainer()
        let layer = await opened { try await openStore(in: container.directory, readOnly: readOnly, clock: clock) }
        return GatedDataLayer.wrapping(layer, gate: CallGate(allowing: allowing, failures: failing, container: container))
    }

    /// ``inMemory(readOnly:allowing:failing:clock:)`` signed in as `session` from the start (the
    /// session is saved through the real, `async` ``StrataData/SessionStore`` before any call
    /// passes the gate, so it needs no `.saveSession` in `allowing`).
    public static func inMemory(
        readOnly: Bool = false, allowing: Set<DataOperation>? = nil, failing: [DataOperation: any Error] = [:],
        clock: any StrataClock = SystemClock(), session: AuthInfo
    ) async -> any DataLayer {
        let container = makeContainer()
        let writer = await opened { try await openStore(in: container.directory, readOnly: false, clock: clock) }
        do {
            try await writer.session.save(session)
        } catch {
            fatalError("StrataDataTesting: cannot save the session of a test double: \(error)")
        }
        let layer =
            readOnly ? await opened { try await openStore(in: container.directory, readOnly: true, clock: clock) } : writer
        return GatedDataLayer.wrapping(layer, gate: CallGate(allowing: allowing, failures: failing, container: container))
    }

    /// A new temporary container, or a stop naming why there is none.
    private static func makeContainer() -> TemporaryContainer {
        do {
            return try TemporaryContainer()
        } catch {
            fatalError("StrataDataTesting: cannot make a temporary store for a test double: \(error)")
        }
    }

    /// The layer `open` returns, or a stop naming why it could not open.
    private static func opened(_ open: () async throws -> any DataLayer) async -> any DataLayer {
        do {
            return try await open()
        } catch {
            fatalError("StrataDataTesting: cannot open a temporary store for a test double: \(error)")
        }
    }

    /// The live layer on `container`'s store; read-only: a writer creates the store first,
    /// then a reader opens it.
    private static func openStore(in container: ContainerDirectory, readOnly: Bool, clock: any StrataClock) async throws
        -> any DataLayer
    {
        let logger = Logger(label: "strata.testing") { _ in SwiftLogNoOpLogHandler() }
        let writer = try await live(container: container, logger: logger, clock: clock)
        guard readOnly else { return writer }
        guard let reader = try await DataLayerFactory.readOnly(container: container, logger: logger, clock: clock) else {
            throw DataError(.cannotOpen, "the store just created in \(container.url.path) is gone")
        }
        return reader
    }
}
