import StrataCrossCutting

/// The blocking forms of every store operation — the seed's `saveObject:` — for code that
/// cannot `await`: `try store.blocking.save(report)`, reached through ``ValueObjectStore/blocking``.
///
/// Each runs the `async` operation and blocks the calling thread until it ends. The operation's
/// task runs on a blocking lane of its own (``BlockingLane/wait(for:)``), and the live store
/// does its SQLite work on its database's lane, so the wait never needs a thread of Swift's
/// cooperative pool: it cannot deadlock when every pool thread is busy.
///
/// - Important: never call these from `async` code (a task, an actor, an `async` function):
///   the caller's thread is blocked while the store works, and a blocked cooperative thread is
///   one the rest of the process cannot use. `await` the operations of ``ValueObjectStore``
///   there instead.
public struct BlockingValueObjectStore: Sendable {
    /// The store whose `async` operations are waited for.
    public let base: any ValueObjectStore

    /// Wraps a store.
    public init(base: any ValueObjectStore) {
        self.base = base
    }

    /// Registers a type. See ``ValueObjectStore/register(_:)``.
    @available(*, noasync, message: "blocks its thread until the store answers: await the async form instead")
    public func register<Object: ValueObject>(_ type: Object.Type) throws {
        let base = base
        try waitFor { try await base.register(type) }
    }

    /// Saves one object. See ``ValueObjectStore/save(_:)-(Object)``.
    @available(*, noasync, message: "blocks its thread until the store answers: await the async form instead")
    public func save<Object: ValueObject>(_ object: Object) throws -> Object {
        let base = base
        return try waitFor { try await base.save(object) }
    }

    /// Saves a list of objects in one transaction.
    @available(*, noasync, message: "blocks its thread until the store answers: await the async form instead")
    public func save<Object: ValueObject>(_ objects: [Object]) throws -> [Object] {
        let base = base
        return try waitFor { try await base.save(objects) }
    }

    /// Fetches one object by id.
    @available(*, noasync, message: "blocks its thread until the store answers: await the async form instead")
    public func fetch<Object: ValueObject>(_ type: Object.Type, id: String) throws -> Object? {
        let base = base
        return try waitFor { try await base.fetch(type, id: id) }
    }

    /// Deletes one object; returns whether something was deleted.
    @discardableResult
    @available(*, noasync, message: "blocks its thread until the store answers: await the async form instead")
    public func delete<Object: ValueObject>(_ object: Object) throws -> Bool {
        let base = base
        return try waitFor { try await base.delete(object) }
    }

    /// Deletes a list of objects; returns how many were deleted.
    @discardableResult
    @available(*, noasync, message: "blocks its thread until the store answers: await the async form instead")
    public func delete<Object: ValueObject>(_ objects: [Object]) throws -> Int {
        let base = base
        return try waitFor { try await base.delete(objects) }
    }

    /// Deletes every object of a type; returns how many were deleted.
    @discardableResult
    @available(*, noasync, message: "blocks its thread until the store answers: await the async form instead")
    public func deleteAll<Object: ValueObject>(_ type: Object.Type) throws -> Int {
        let base = base
        return try waitFor { try await base.deleteAll(type) }
    }

    /// Runs a query.
    @available(*, noasync, message: "blocks its thread until the store answers: await the async form instead")
    public func query<Object: ValueObject>(_ query: Query<Object>) throws -> [Object] {
        let base = base
        return try waitFor { try await base.query(query) }
    }

    /// Counts matching objects.
    @available(*, noasync, message: "blocks its thread until the store answers: await the async form instead")
    public func count<Object: ValueObject>(_ query: Query<Object>) throws -> Int {
        let base = base
        return try waitFor { try await base.count(query) }
    }
}

extension ValueObjectStore {
    /// The blocking forms of this store's operations, for code that cannot `await`:
    /// `try store.blocking.fetch(T.self, id: id)`. Never use them from `async` code.
    public var blocking: BlockingValueObjectStore { BlockingValueObjectStore(base: self) }
}

/// Runs `work` to its end and blocks the calling thread meanwhile (the wait of
/// ``BlockingValueObjectStore`` and ``BlockingRemoteObjectStore``): ``BlockingLane/wait(for:)``,
/// whose task prefers a lane of its own, so the wait never needs a thread of the cooperative pool.
@available(*, noasync, message: "blocks its thread until the store answers: await the async form instead")
func waitFor<T: Sendable>(_ work: @escaping @Sendable () async throws -> T) throws -> T {
    try BlockingLane.wait(for: work)
}
