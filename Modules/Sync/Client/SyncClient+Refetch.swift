import StrataWire

extension SyncClient {
    /// The server's version of one object (`GET /v1/objects/{type}/{id}`), or `nil` when the
    /// server answers 404: it has no such live object, or does not show it to this user.
    func refetch(_ typeName: String, objectID: String, token: String) async throws(SyncFailure) -> WireObject? {
        let request = SyncRequest(
            method: "GET", path: "\(WirePaths.objects)/\(WirePaths.segment(typeName))/\(WirePaths.segment(objectID))",
            token: token)
        do {
            return try decode(WireObject.self, from: try await exchange(request))
        } catch .refused(status: 404, _) {
            return nil
        }
    }
}
