import Foundation
#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
import StrataTestSupport
import StrataWire

/// Talks to a running server over real loopback HTTP.
struct WireClient {
    let base: URL

    /// Sends a request; returns the status and the body.
    func send(_ method: String, _ path: String, token: String? = nil, body: Data? = nil) async throws -> (Int, Data) {
        var request = URLRequest(url: URL(string: base.absoluteString + path)!)
        request.httpMethod = method
        request.httpBody = body
        if body != nil { request.setValue("application/json", forHTTPHeaderField: "Content-Type") }
        if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
        let (data, response) = try await URLSession.shared.data(for: request)
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, data)
    }

    /// Sends `value` as JSON.
    func send(_ method: String, _ path: String, token: String? = nil, json value: some Encodable) async throws -> (Int, Data) {
        try await send(method, path, token: token, body: try WireCoding.encoder().encode(value))
    }

    /// Decodes a body in the wire's coding.
    func decode<T: Decodable>(_ type: T.Type, _ data: Data) throws -> T {
        try WireCoding.decoder().decode(T.self, from: data)
    }

    /// Logs in; returns the answer (throws unless 200).
    func login(_ account: String, password: String = TestServer.password, app: TestServer.App) async throws -> LoginResponse {
        let (status, data) = try await send(
            "POST", WirePaths.login,
            json: LoginRequest(account: account, password: password, appId: app.id, appVersion: app.version, appKey: app.key))
        guard status == 200 else { throw WireError(error: "status \(status)", reason: String(decoding: data, as: UTF8.self)) }
        return try decode(LoginResponse.self, data)
    }

    /// Pushes changes; returns the statuses of the results.
    func push(_ changes: [WireChange], token: String) async throws -> [String] {
        let (status, data) = try await send("POST", WirePaths.changes, token: token, json: PushRequest(changes: changes))
        guard status == 200 else { throw WireError(error: "status \(status)", reason: String(decoding: data, as: UTF8.self)) }
        return try decode(PushResponse.self, data).results.map(\.status)
    }

    /// Pulls `typeName` since `since` (throws unless 200).
    func pull(_ typeName: String, since: Int64 = 0, token: String) async throws -> PullResponse {
        let (status, data) = try await send("GET", "\(WirePaths.objects)/\(typeName)?since=\(since)", token: token)
        guard status == 200 else { throw WireError(error: "status \(status)", reason: String(decoding: data, as: UTF8.self)) }
        return try decode(PullResponse.self, data)
    }
}

extension WireChange {
    /// An insert of a case report with a name, in `scope`.
    static func report(_ id: String, name: String, scope: Int, operationId: String = UUID().uuidString) -> WireChange {
        WireChange(
            operationId: operationId, typeName: "CaseReport", objectId: id, operation: "insert",
            values: ["name": .text(name), "age": .integer(44)], scope: scope)
    }
}
