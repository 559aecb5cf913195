import Foundation
import StrataCrossCutting
import StrataWire

/// The wire protocol's calls, typed: encodes requests, decodes answers, and turns statuses
/// into ``SyncFailure``s (401 unauthorized, other 4xx refused, 5xx server, no answer network).
struct SyncClient: Sendable {
    let transport: any SyncTransport
    let configuration: SyncConfiguration

    /// The server, as messages name it: any password in the URL masked.
    var server: String { configuration.shownServer }

    /// The login's answer, and the server's clock when it answered (`nil` without a `Date` header).
    func login(account: String, password: String) async throws(SyncFailure) -> (answer: LoginResponse, serverDate: Date?) {
        let login = LoginRequest(
            account: account, password: password, appId: configuration.appID, appVersion: configuration.appVersion,
            appKey: configuration.appKey)
        let response = try await answer(SyncRequest(method: "POST", path: WirePaths.login, body: try encode(login)))
        return (try decode(LoginResponse.self, from: response.body), response.date)
    }

    func logout(token: String) async throws(SyncFailure) {
        _ = try await exchange(SyncRequest(method: "POST", path: WirePaths.logout, token: token))
    }

    /// Sends a `PushRequest` body already written (see ``ChangeBatch``).
    func push(body: Data, token: String) async throws(SyncFailure) -> PushResponse {
        let request = SyncRequest(method: "POST", path: WirePaths.changes, token: token, body: body)
        let answer = try await exchange(request)
        if let read = WireJSONReader.pushResponse(from: [UInt8](answer)) { return read }
        return try decode(PushResponse.self, from: answer)
    }

    /// A page of `typeName` changed after `cursor`, at `scope` (sent only when narrower than
    /// `all`, the server's default).
    func pull(_ typeName: String, since cursor: Int64, limit: Int, scope: PullScope = .all, token: String)
        async throws(SyncFailure) -> PullResponse
    {
        var query: [SyncRequest.Parameter] = [.init(name: "since", value: String(cursor)), .init(name: "limit", value: String(limit))]
        if scope != .all { query.append(.init(name: "scope", value: scope.rawValue)) }
        let request = SyncRequest(
            method: "GET", path: "\(WirePaths.objects)/\(WirePaths.segment(typeName))", query: query, token: token)
        let answer = try await exchange(request)
        if let read = WireJSONReader.pullResponse(from: [UInt8](answer)) { return read }
        return try decode(PullResponse.self, from: answer)
    }

    func config(token: String) async throws(SyncFailure) -> AppConfig {
        try decode(AppConfig.self, from: try await exchange(SyncRequest(method: "GET", path: WirePaths.config, token: token)))
    }

    func uploadLogs(_ upload: LogUpload, token: String) async throws(SyncFailure) {
        _ = try await exchange(SyncRequest(method: "POST", path: WirePaths.logs, token: token, body: encode(upload)))
    }

    func registerDevice(_ registration: DeviceRegistration, token: String) async throws(SyncFailure) {
        _ = try await exchange(SyncRequest(method: "POST", path: WirePaths.devices, token: token, body: encode(registration)))
    }

    /// Sends `request`; a 2xx answer's body comes back, anything else is a failure.
    func exchange(_ request: SyncRequest) async throws(SyncFailure) -> Data {
        try await answer(request).body
    }

    /// Sends `request`; a 2xx answer comes back, anything else is a failure.
    func answer(_ request: SyncRequest) async throws(SyncFailure) -> SyncResponse {
        let response: SyncResponse
        do {
            response = try await transport.send(request)
        } catch {
            throw .network(SyncFailure.describe(error))
        }
        switch response.status {
        case 200..<300: return response
        case 401: throw .unauthorized(reason(in: response))
        case 400..<500: throw .refused(status: response.status, reason: reason(in: response))
        case 500..<600: throw .server(status: response.status, reason: reason(in: response))
        default: throw .malformed("unexpected HTTP status \(response.status)")
        }
    }

    /// The server's reason (a `WireError` body), or the body's text.
    private func reason(in response: SyncResponse) -> String {
        if let error = try? WireCoding.decoder().decode(WireError.self, from: response.body) {
            return "\(error.error): \(error.reason)"
        }
        let text = String(decoding: response.body.prefix(300), as: UTF8.self)
        return text.isEmpty ? "no reason given" : text
    }

    private func encode<Body: Encodable>(_ body: Body) throws(SyncFailure) -> Data {
        do {
            return try WireCoding.encoder().encode(body)
        } catch {
            throw .malformed("cannot encode \(Body.self): \(error)")
        }
    }

    func decode<Answer: Decodable>(_ type: Answer.Type, from data: Data) throws(SyncFailure) -> Answer {
        do {
            return try WireCoding.decoder().decode(type, from: data)
        } catch {
            throw .malformed("expected \(Answer.self) JSON: \(error)")
        }
    }
}
