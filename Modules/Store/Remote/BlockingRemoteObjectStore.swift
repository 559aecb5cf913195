/// The blocking forms of a ``RemoteObjectStore``'s reads — the seed's synchronous `findObject`
/// and `APQuery` — for code that cannot `await`: `try remote.blocking.fetch(Notice.self, id: id)`,
/// reached through ``RemoteObjectStore/blocking``.
///
/// Each runs the `async` read in a task on a dispatch queue of its own (its task-executor
/// preference) and blocks the calling thread until it ends; the HTTP exchange runs on the
/// HTTP client's own event loop. No thread of Swift's cooperative pool is needed for the wait,
/// so it cannot deadlock when every pool thread is busy.
///
/// - Important: never call these from `async` code (a task, an actor, an `async` function):
///   the caller's thread is blocked for a whole network round trip, and a blocked cooperative
///   thread is one the rest of the process cannot use. `await` the reads of
///   ``RemoteObjectStore`` there instead.
public struct BlockingRemoteObjectStore: Sendable {
    /// The store whose `async` reads are waited for.
    public let base: any RemoteObjectStore

    /// Wraps a remote store.
    public init(base: any RemoteObjectStore) {
        self.base = base
    }

    /// Fetches one object by id. See ``RemoteObjectStore/fetch(_:id:)``.
    @available(*, noasync, message: "blocks its thread until the store answers: await the async form instead")
    public func fetch<Object: ValueObject>(_ type: Object.Type, id: String) throws -> Object? {
        let base = base
        return try waitFor { try await base.fetch(type, id: id) }
    }

    /// One page of a query. See ``RemoteObjectStore/page(_:)``.
    @available(*, noasync, message: "blocks its thread until the store answers: await the async form instead")
    public func page<Object: ValueObject>(_ query: Query<Object>) throws -> RemotePage<Object> {
        let base = base
        return try waitFor { try await base.page(query) }
    }

    /// The objects of one page of a query. See ``RemoteObjectStore/query(_:)``.
    @available(*, noasync, message: "blocks its thread until the store answers: await the async form instead")
    public func query<Object: ValueObject>(_ query: Query<Object>) throws -> [Object] {
        let base = base
        return try waitFor { try await base.query(query) }
    }
}
