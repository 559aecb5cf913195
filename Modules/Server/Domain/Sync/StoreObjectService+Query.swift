import StrataServerData
import StrataWire

extension StoreObjectService {
    func query(typeName: String, request: QueryRequest, session: ServerSession) async throws -> QueryResponse {
        var asked = try QueryRules.objectQuery(typeName: typeName, request: request)
        asked.limit += 1  // one more than the page says whether more follow
        let query = asked
        let found = try await ServerError.mapping {
            try await data.appStore(appId: session.appId, version: session.appVersion)
                .query(query, visibility: Self.visibility(session))
        }
        return QueryResponse(objects: found.prefix(request.limit).map(Self.wire), hasMore: found.count > request.limit)
    }
}
