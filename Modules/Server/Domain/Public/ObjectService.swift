public import StrataWire

/// Applies pushed changes exactly once and serves objects, always within the caller's scope.
public protocol ObjectService: Sendable {
    /// Applies a batch in one transaction: each change once per user and operation id
    /// (`duplicate` the second time), invalid ones and inserts or updates of objects the caller
    /// cannot see `rejected` with a reason; a delete of an invisible object answers as one of a
    /// missing object (`applied`, nothing changes).
    func push(_ request: PushRequest, session: ServerSession) async throws -> PushResponse

    /// The objects of `typeName` changed after `since` that the caller may see at `scope`,
    /// deletions included, and a tombstone for each object whose scope was narrowed away from
    /// the caller (at `scope`) after `since`, by version, at most `limit` (capped by the
    /// settings). `scope` only narrows what the caller's memberships allow (``PullScope``).
    func pull(typeName: String, since: Int64, limit: Int, scope: PullScope, session: ServerSession) async throws
        -> PullResponse

    /// The live object, when the caller may see it.
    ///
    /// - Throws: ``ServerError`` `notFound` alike for a missing, deleted or invisible object.
    func fetch(typeName: String, objectId: String, session: ServerSession) async throws -> WireObject

    /// One page of the live objects of `typeName` that the caller may see and that meet every
    /// condition of `request`, in its order (ties by object id); see ``StrataWire/QueryRequest``
    /// for the comparison rules.
    ///
    /// - Throws: ``ServerError`` `badRequest` naming the field (`where[1].op`, `limit`, …) for a
    ///   bad type name, key, operator, value, sort key or paging value.
    func query(typeName: String, request: QueryRequest, session: ServerSession) async throws -> QueryResponse
}

extension ObjectService {
    /// ``pull(typeName:since:limit:scope:session:)`` of everything the caller may see.
    public func pull(typeName: String, since: Int64, limit: Int, session: ServerSession) async throws -> PullResponse {
        try await pull(typeName: typeName, since: since, limit: limit, scope: .all, session: session)
    }
}
