import Foundation
import StrataSync
import StrataWire

/// The wire side of a ``RemoteScript``: answers the remote store's reads as `strata-server` would.
struct ScriptedRemoteTransport: SyncTransport {
    let script: RemoteScript

    func send(_ request: SyncRequest) async throws -> SyncResponse {
        guard script.reachable else { throw ScriptedTransport.Unreachable() }
        let parts = request.path.dropFirst(WirePaths.objects.count + 1).split(separator: "/").map {
            String($0).removingPercentEncoding ?? String($0)
        }
        do {
            switch (request.method, parts.count) {
            case ("POST", 2) where parts[1] == "query":
                guard let query = script.query else { return unexpected("query \(parts[0])") }
                let asked = try WireCoding.decoder().decode(QueryRequest.self, from: request.body ?? Data())
                return try json(try query(parts[0], asked))
            case ("GET", 2):
                guard let fetch = script.fetch else { return unexpected("fetch \(parts[0]) \(parts[1])") }
                guard let object = try fetch(parts[0], parts[1]) else {
                    return try answer(404, "notFound", "no \(parts[0]) with id \(parts[1])")
                }
                return try json(object)
            default:
                return unexpected("\(request.method) \(request.path)")
            }
        } catch let refusal as RemoteScript.Refusal {
            return try answer(refusal.status, "scripted", refusal.reason)
        }
    }

    private func unexpected(_ call: String) -> SyncResponse {
        let reason = "StrataSyncTesting: unexpected remote read (\(call)); the RemoteScript does not provide it"
        return SyncResponse(status: 500, body: Data(reason.utf8))
    }

    private func answer(_ status: Int, _ error: String, _ reason: String) throws -> SyncResponse {
        SyncResponse(status: status, body: try WireCoding.encoder().encode(WireError(error: error, reason: reason)))
    }

    private func json<Body: Encodable>(_ body: Body) throws -> SyncResponse {
        SyncResponse(status: 200, body: try WireCoding.encoder().encode(body))
    }
}
