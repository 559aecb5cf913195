import Foundation
import StrataWire

/// The server's on-demand reads, typed: one object by id, one page of a query.
extension SyncClient {
    /// `GET /v1/objects/{type}/{id}`: the object (a 404 is a ``SyncFailure/refused(status:reason:)``).
    func fetchObject(_ typeName: String, id: String, token: String) async throws(SyncFailure) -> WireObject {
        let path = "\(WirePaths.objects)/\(WirePaths.segment(typeName))/\(WirePaths.segment(id))"
        return try decode(WireObject.self, from: try await exchange(SyncRequest(method: "GET", path: path, token: token)))
    }

    /// `POST /v1/objects/{type}/query`: one page of the type's live objects the caller may see.
    func queryObjects(_ typeName: String, _ query: QueryRequest, token: String) async throws(SyncFailure) -> QueryResponse {
        let body: Data
        do {
            body = try WireCoding.encoder().encode(query)
        } catch {
            throw .malformed("cannot encode the query of \(typeName): \(error)")
        }
        let request = SyncRequest(method: "POST", path: WirePaths.query(typeName: WirePaths.segment(typeName)), token: token, body: body)
        return try decode(QueryResponse.self, from: try await exchange(request))
    }
}
