/// Reads of ``PersistentType/serverOnly`` types on demand, from the server: the seed's
/// `APQuery` / `findObject` for a type that keeps no readable local rows. Nothing read is
/// stored locally; every call asks the server again.
///
/// Every operation is `async` (the seed's `findInBackground`); code that cannot `await` uses
/// the blocking form through ``blocking`` (``BlockingRemoteObjectStore``), as
/// ``ValueObjectStore`` offers ``BlockingValueObjectStore``.
///
/// `StrataSync` implements it against the server's `GET /v1/objects/{type}/{id}` and
/// `POST /v1/objects/{type}/query`; obtain one from `SyncFactory.remote(data:configuration:logger:)`
/// (tests: `SyncFactory.scriptedRemote(data:script:)` in `StrataSyncTesting`).
///
/// `StrataSync`'s implementation fails with its `SyncError`: `offline` (no server configured),
/// `notSignedIn` (nobody signed in, or the server refused the token), `unreachable` (no answer,
/// or 5xx), `serverError` (the server refused the request), and `invalidQuery` for a type that
/// is not `serverOnly` or a query the schema refuses (a programming error: read such a type
/// from the local store).
public protocol RemoteObjectStore: Sendable {
    /// The object of this type with this id as the server holds it, or `nil` when the server
    /// has none the signed-in user may see.
    func fetch<Object: ValueObject>(_ type: Object.Type, id: String) async throws -> Object?

    /// One page of the objects matching `query` on the server: its conditions (all must hold),
    /// its sort keys (ties by `objectId`), and its page (``Query/page(size:index:)``, or
    /// ``Query/limit(_:)``; with neither, every matching object).
    ///
    /// The query is checked against the type's schema first, as the local store checks it
    /// (unknown keys, wrong value types, `like` on non-text keys; an encrypted key compares
    /// only with `equal` and `notEqual` and is never sorted on).
    func page<Object: ValueObject>(_ query: Query<Object>) async throws -> RemotePage<Object>
}

extension RemoteObjectStore {
    /// The objects of ``page(_:)``, without whether more follow.
    public func query<Object: ValueObject>(_ query: Query<Object>) async throws -> [Object] {
        try await page(query).objects
    }

    /// The blocking forms of this store's reads, for code that cannot `await`:
    /// `try remote.blocking.fetch(Notice.self, id: id)`. Never use them from `async` code.
    public var blocking: BlockingRemoteObjectStore { BlockingRemoteObjectStore(base: self) }
}
