public import StrataStore
public import StrataWire

/// What the pretend server of `SyncFactory.scriptedRemote(data:script:)` answers to on-demand
/// reads of `serverOnly` types: the live remote store's requests, answered in place of a server,
/// so its paging, decoding and failures behave as against `strata-server`.
///
/// Each read the script does not provide for fails loudly with ``SyncError`` `unexpectedCall`.
/// A closure throws ``Refusal`` for an error answer (`401`, `400`, `503`, …).
///
/// ```swift
/// let data = DataLayerFactory.inMemory()
/// try await data.session.save(AuthInfo(userID: "u1", account: "ann", groups: [], token: "t", validUntil: .distantFuture))
/// let remote = SyncFactory.scriptedRemote(data: data, script: RemoteScript(query: { _, request in
///     QueryResponse(objects: [RemoteScript.wire(notice)], hasMore: false)
/// }))
/// let notices = try await remote.query(Query<Notice>().sorted(by: "postedAt", .descending))
/// ```
public struct RemoteScript: Sendable {
    /// An error answer: the status and the server's reason (`WireError`).
    public struct Refusal: Error, Sendable {
        /// The HTTP status.
        public var status: Int
        /// The reason in the answer's body.
        public var reason: String

        /// An error answer.
        public init(status: Int, reason: String) {
            self.status = status
            self.reason = reason
        }
    }

    /// Whether the pretend server can be reached; when `false`, every request fails as a
    /// network failure (`unreachable`).
    public var reachable: Bool
    /// Answers `GET /v1/objects/{type}/{id}`: the object, or `nil` for a 404; `nil`: unexpected.
    public var fetch: (@Sendable (_ typeName: String, _ id: String) throws -> WireObject?)?
    /// Answers `POST /v1/objects/{type}/query`; `nil`: unexpected.
    public var query: (@Sendable (_ typeName: String, _ request: QueryRequest) throws -> QueryResponse)?

    /// A script; by default the server is reachable and every read is unexpected.
    public init(
        reachable: Bool = true, fetch: (@Sendable (_ typeName: String, _ id: String) throws -> WireObject?)? = nil,
        query: (@Sendable (_ typeName: String, _ request: QueryRequest) throws -> QueryResponse)? = nil
    ) {
        self.reachable = reachable
        self.fetch = fetch
        self.query = query
    }

    /// `object` as the server would send it: every field of its schema, its id (it must have
    /// one), the scope and owners given.
    public static func wire<Object: ValueObject>(
        _ object: Object, scope: Int = 2, ownerUser: String? = "u1", ownerGroup: String? = "g1", version: Int64 = 1
    ) -> WireObject {
        var values: [String: WireValue] = [:]
        for field in Object.schema.fields { values[field.key] = field.value(in: object).wireValue }
        return WireObject(
            objectId: object.objectId ?? "", values: values, scope: scope, ownerUser: ownerUser, ownerGroup: ownerGroup,
            deleted: false, version: version)
    }
}
