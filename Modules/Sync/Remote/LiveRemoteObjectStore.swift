import Logging
import StrataCrossCutting
import StrataSession
import StrataStore
import StrataWire

/// The live ``RemoteObjectStore``: reads a `serverOnly` type from the server on demand, as the
/// session's user, with one request per page of up to ``maxPage`` objects (the server's
/// largest), and never writes what it reads anywhere.
///
/// One attempt per request: a person is waiting for the answer, so an unreachable server is
/// one line at once (``RemoteText``), not a backoff.
struct LiveRemoteObjectStore: RemoteObjectStore {
    /// The session whose token the reads carry.
    let session: any SessionStore
    /// The server's client, `nil` when no server is configured (every read fails `offline`).
    let client: SyncClient?
    let logger: Logger

    /// The most objects one query request asks for (the server's limit).
    static let maxPage = 1000

    func fetch<Object: ValueObject>(_ type: Object.Type, id: String) async throws -> Object? {
        try await SyncError.surfacing { try await fetching(type, id: id) }
    }

    func page<Object: ValueObject>(_ query: Query<Object>) async throws -> RemotePage<Object> {
        try await SyncError.surfacing { try await paging(query) }
    }

    /// ``fetch(_:id:)``, whose store errors (a schema's refusal) ``SyncError/surfacing(_:)`` reports.
    private func fetching<Object: ValueObject>(_ type: Object.Type, id: String) async throws -> Object? {
        let schema = Object.schema
        try Self.requireServerOnly(schema)
        guard !id.isEmpty else { throw SyncError(.invalidQuery, RemoteText.emptyID(schema.typeName)) }
        let (client, token) = try await connection(reading: schema.typeName)
        let wire: WireObject
        do {
            wire = try await client.fetchObject(schema.typeName, id: id, token: token)
        } catch {
            if case .refused(404, _) = error { return nil }
            throw RemoteText.error(error, reading: schema.typeName, server: client.server)
        }
        return try Self.answered { try schema.object(from: wire) }
    }

    /// ``page(_:)``, whose store errors (a query the schema refuses) ``SyncError/surfacing(_:)`` reports.
    private func paging<Object: ValueObject>(_ query: Query<Object>) async throws -> RemotePage<Object> {
        let schema = Object.schema
        try Self.requireServerOnly(schema)
        let wanted = query.maxResults
        _ = try query.wireRequest(limit: 1, offset: 0)  // a bad query fails before any network call
        let (client, token) = try await connection(reading: schema.typeName)
        var objects: [Object] = []
        var offset = query.firstIndex
        while true {
            let limit = min(Self.maxPage, wanted.map { $0 - objects.count } ?? Self.maxPage)
            let answer: QueryResponse
            do {
                answer = try await client.queryObjects(
                    schema.typeName, try query.wireRequest(limit: limit, offset: offset), token: token)
            } catch let failure as SyncFailure {
                throw RemoteText.error(failure, reading: schema.typeName, server: client.server)
            }
            objects += try Self.answered { try answer.objects.map(schema.object(from:)) }
            offset += answer.objects.count
            let filled = wanted.map { objects.count >= $0 } ?? false
            if !answer.hasMore || answer.objects.isEmpty || filled {
                logger.debug("remote query", metadata: ["type": "\(schema.typeName)", "objects": "\(objects.count)"])
                return RemotePage(objects: objects, hasMore: answer.hasMore)
            }
        }
    }

    /// The client and the session's token, or `offline` / `notSignedIn` naming the type.
    private func connection(reading typeName: String) async throws -> (SyncClient, String) {
        guard let client else { throw SyncError(.offline, RemoteText.offline(typeName)) }
        guard let info = try await session.current() else { throw SyncError(.notSignedIn, RemoteText.notSignedIn(typeName)) }
        return (client, info.token)
    }

    /// The server's objects as typed values; one that does not fit the schema (the store's
    /// `typeMismatch`) is the server's fault: ``SyncError/Code/serverError``, with the store's message.
    private static func answered<Result>(_ body: () throws -> Result) throws -> Result {
        do {
            return try body()
        } catch let error as DataError {
            throw SyncError(.serverError, error.message)
        }
    }

    /// Throws `invalidQuery` (a programming error) unless the type is `serverOnly`.
    static func requireServerOnly<Object: ValueObject>(_ schema: ValueObjectSchema<Object>) throws {
        let type = schema.behaviour.persistentType
        guard type == .serverOnly else {
            throw SyncError(.invalidQuery, RemoteText.notServerOnly(schema.typeName, type))
        }
    }
}
