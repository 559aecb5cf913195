/// The value-object store: the seed's `APEntityManager` and `APObject` operations.
///
/// Every operation is `async` (the seed's `saveWithBlock:`): the live store does its SQLite
/// work on its database's own serial queue and suspends the caller meanwhile, so a task never
/// blocks a thread of Swift's cooperative pool on disk I/O or on another process's write lock.
/// Code that cannot `await` (a synchronous `main`, a C callback) uses the seed's blocking form
/// through ``blocking`` (``BlockingValueObjectStore``): `try store.blocking.save(report)`.
///
/// Obtain one from `DataLayerFactory` (a SQLite file) or from `StrataDataTesting`
/// (an in-memory double); never construct an implementation directly.
public protocol ValueObjectStore: Sendable {
    /// Registers a type: creates its table and indexes, or migrates the table when the
    /// schema gained fields. On a read-only store, only checks what is there.
    ///
    /// - Throws: ``DataError`` `invalidSchema` for a bad name or key, `incompatibleStore`
    ///   when a stored column has another type than the schema says.
    func register<Object: ValueObject>(_ type: Object.Type) async throws

    /// Saves one object: inserts it when `objectId` is `nil` (giving it a new id), updates it
    /// otherwise. Returns the object as saved, with its id.
    ///
    /// - Throws: ``DataError`` `notFound` when updating an id that is not stored, `duplicate`
    ///   when a unique key's value is taken, `readOnly` on a read-only store.
    func save<Object: ValueObject>(_ object: Object) async throws -> Object

    /// Saves a list of objects in one transaction: all are saved or none is.
    func save<Object: ValueObject>(_ objects: [Object]) async throws -> [Object]

    /// The object of this type with this id, or `nil`.
    func fetch<Object: ValueObject>(_ type: Object.Type, id: String) async throws -> Object?

    /// Deletes one object by its id. Returns whether something was deleted.
    ///
    /// - Throws: ``DataError`` `notFound` when the object has no id (it was never saved).
    @discardableResult
    func delete<Object: ValueObject>(_ object: Object) async throws -> Bool

    /// Deletes a list of objects in one transaction. Returns how many were deleted.
    @discardableResult
    func delete<Object: ValueObject>(_ objects: [Object]) async throws -> Int

    /// Deletes every object of a type (physically, locally). Returns how many were deleted.
    ///
    /// - Important: this empties the table; there is no undo.
    @discardableResult
    func deleteAll<Object: ValueObject>(_ type: Object.Type) async throws -> Int

    /// The objects matching a query, sorted and paged as it says.
    ///
    /// - Throws: ``DataError`` `unknownKey`, `typeMismatch` or `invalidQuery` naming the key.
    func query<Object: ValueObject>(_ query: Query<Object>) async throws -> [Object]

    /// How many objects match a query's conditions (its paging is ignored).
    func count<Object: ValueObject>(_ query: Query<Object>) async throws -> Int

    /// The executor the store does its work on (a lane of its own, never Swift's cooperative
    /// pool), or `nil` for a store without one (an in-memory double).
    ///
    /// Each call from a task elsewhere hops to it and back (two thread switches, tens of µs
    /// on a loaded machine, several times a small call's own work). A task that makes many
    /// calls in a row may prefer it instead: from nonisolated code (an actor's code runs on
    /// its actor whatever the task prefers), its calls then run at once on the thread it is
    /// already on. Its other code runs there too, holding the store's lane meanwhile: keep
    /// long computations out, and never block waiting for other work of the store.
    ///
    /// ```swift
    /// let page = try await withTaskExecutorPreference(store.executor) {
    ///     let report = try await store.fetch(CaseReport.self, id: id)
    ///     return try await store.query(followUps(of: report))
    /// }
    /// ```
    var executor: (any TaskExecutor)? { get }
}

extension ValueObjectStore {
    /// No executor of its own (see ``ValueObjectStore/executor``): the default for doubles.
    public var executor: (any TaskExecutor)? { nil }
}
