import Foundation
import StrataCrossCutting
import StrataSession
import StrataSync
import StrataWire

/// The wire side of a ``SyncScript``: answers the engine's requests as `strata-server` would.
struct ScriptedTransport: SyncTransport {
    let script: SyncScript

    /// What a request to an unreachable script throws (a network failure to the engine).
    struct Unreachable: Error, CustomStringConvertible {
        var description: String { "the SyncScript says the server is unreachable" }
    }

    func send(_ request: SyncRequest) async throws -> SyncResponse {
        guard script.reachable else { throw Unreachable() }
        switch request.path {
        case WirePaths.login:
            return try login(request)
        case WirePaths.changes:
            let push = try WireCoding.decoder().decode(PushRequest.self, from: request.body ?? Data())
            return try json(PushResponse(results: push.changes.map { change in
                if let reason = script.rejection?(change) {
                    return ChangeResult(operationId: change.operationId, status: "rejected", reason: reason)
                }
                return ChangeResult(operationId: change.operationId, status: "applied")
            }))
        case WirePaths.config:
            return try json(AppConfig(logLevel: "none"))
        case WirePaths.devices:
            return try registerDevice(request)
        case WirePaths.logout, WirePaths.logs:
            return try json(["ok": true])
        case let path where path.hasPrefix(WirePaths.devices + "/"):
            let after = Int64(request.parameter("after") ?? "0") ?? 0
            let messages = try script.pushMessages?(after) ?? []
            return try json(PushPoll(messages: messages.map {
                PushMessage(sequence: $0.sequence, id: $0.id, title: $0.title, body: $0.body, sentAt: $0.sentAt)
            }))
        case let path where path.hasPrefix(WirePaths.objects + "/"):
            let names = path.dropFirst(WirePaths.objects.count + 1).split(separator: "/").map {
                String($0).removingPercentEncoding ?? String($0)
            }
            if names.count == 2 {
                guard let object = script.object?(names[0], names[1]) else {
                    let body = try WireCoding.encoder().encode(WireError(error: "notFound", reason: "no \(names[0]) with id \(names[1])"))
                    return SyncResponse(status: 404, body: body)
                }
                return try json(object)
            }
            let since = Int64(request.parameter("since") ?? "0") ?? 0
            return try json(script.pull?(names.first ?? "", since) ?? PullResponse(objects: [], cursor: since, hasMore: false))
        default:
            let since = Int64(request.parameter("since") ?? "0") ?? 0
            return try json(PullResponse(objects: [], cursor: since, hasMore: false))
        }
    }

    private func login(_ request: SyncRequest) throws -> SyncResponse {
        let login = try WireCoding.decoder().decode(LoginRequest.self, from: request.body ?? Data())
        guard let answer = script.login else {
            return SyncResponse(status: 500, body: Data("the SyncScript has no login".utf8))
        }
        do {
            let info = try answer(login.account, login.password)
            return try json(LoginResponse(
                token: info.token, validUntil: info.validUntil, userId: info.userID, account: info.account,
                groups: info.groups.map { WireGroupRole(groupId: $0.groupID, groupName: $0.groupName, roleName: $0.roleName) }))
        } catch let error as any StrataError {
            let body = try WireCoding.encoder().encode(WireError(error: error.codeName, reason: error.message))
            return SyncResponse(status: 401, body: body)
        }
    }

    private func registerDevice(_ request: SyncRequest) throws -> SyncResponse {
        let registration = try WireCoding.decoder().decode(DeviceRegistration.self, from: request.body ?? Data())
        do {
            try script.deviceRegistration?(registration.deviceId)
        } catch {
            let body = try WireCoding.encoder().encode(WireError(error: "serverError", reason: "\(error)"))
            return SyncResponse(status: 500, body: body)
        }
        return try json(["ok": true])
    }

    private func json<Body: Encodable>(_ body: Body) throws -> SyncResponse {
        SyncResponse(status: 200, body: try WireCoding.encoder().encode(body))
    }
}
