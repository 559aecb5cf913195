import StrataServerData
import StrataWire

extension StoreObjectService {
    func query(typeName: String, request: QueryRequest, session: ServerSession) throws -> QueryResponse {
        var query = try QueryRules.objectQuery(typeName: typeName, request: request)
        query.limit += 1  // one more than the page says whether more follow
        let found = try ServerError.mapping {
            try data.appStore(appId: session.appId, version: session.appVersion)
                .query(query, visibility: Self.visibility(session))
        }
        return QueryResponse(objects: found.prefix(request.limit).map(Self.wire), hasMore: found.count > request.limit)
    }
}
