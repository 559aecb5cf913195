public import StrataStore

/// A store that sends every call to ``base``: conform, give `base`, and implement only the
/// calls a test intercepts (a look-up that fails or waits, a save that races another process);
/// every other call is one of these defaults. With ``StrataData/DataLayer/replacing(store:journal:session:syncState:conflicts:)``
/// it puts the interception over a real layer without a wrapper that forwards the rest.
///
/// ```swift
/// struct FailingFetches: ForwardingStore {
///     let base: any ValueObjectStore
///
///     func fetch<Object: ValueObject>(_ type: Object.Type, id: String) async throws -> Object? {
///         throw DataError(.sqlite, "disk I/O error")
///     }
/// }
///
/// let live = await DataLayerFactory.inMemory()
/// let data = live.replacing(store: FailingFetches(base: live.store))
/// ```
public protocol ForwardingStore: ValueObjectStore {
    /// The store every call this type does not implement goes to.
    var base: any ValueObjectStore { get }
}

extension ForwardingStore {
    /// Registers `type` with ``base``.
    public func register<Object: ValueObject>(_ type: Object.Type) async throws { try await base.register(type) }
    /// Saves `object` in ``base``.
    public func save<Object: ValueObject>(_ object: Object) async throws -> Object { try await base.save(object) }
    /// Saves `objects` in ``base``.
    public func save<Object: ValueObject>(_ objects: [Object]) async throws -> [Object] { try await base.save(objects) }
    /// Fetches from ``base``.
    public func fetch<Object: ValueObject>(_ type: Object.Type, id: String) async throws -> Object? {
        try await base.fetch(type, id: id)
    }
    /// Deletes `object` from ``base``.
    public func delete<Object: ValueObject>(_ object: Object) async throws -> Bool { try await base.delete(object) }
    /// Deletes `objects` from ``base``.
    public func delete<Object: ValueObject>(_ objects: [Object]) async throws -> Int { try await base.delete(objects) }
    /// Deletes every object of `type` from ``base``.
    public func deleteAll<Object: ValueObject>(_ type: Object.Type) async throws -> Int { try await base.deleteAll(type) }
    /// Queries ``base``.
    public func query<Object: ValueObject>(_ query: Query<Object>) async throws -> [Object] { try await base.query(query) }
    /// Counts in ``base``.
    public func count<Object: ValueObject>(_ query: Query<Object>) async throws -> Int { try await base.count(query) }
    /// ``base``'s executor.
    public var executor: (any TaskExecutor)? { base.executor }
}
