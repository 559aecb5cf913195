import Hummingbird
import Logging
import NIOCore
import StrataServerDomain
import StrataWire

/// One method per endpoint: read the request, call the domain, answer JSON.
///
/// The domain's calls block (SQLite) or burn CPU (PBKDF2), so none runs on an event loop or
/// the cooperative pool: logins run on `workers.hashing`, where they queue behind each other;
/// everything else (authentication, body decoding, the call, the JSON answer) on
/// `workers.storage`. Handlers only read the body and await.
struct ServerHandlers: Sendable {
    let services: any ServerServices
    let workers: RequestWorkers
    let throttle: LoginThrottle
    let logger: Logger

    /// The largest login body accepted (a `LoginRequest` is a few hundred bytes).
    static let maxLoginBodyBytes = 16 * 1024

    /// The request's bearer token; a missing one fails at once (401), without storage work.
    func token(_ request: Request) throws -> String {
        let token = RequestReading.bearer(request)
        guard let token, !token.isEmpty else {
            _ = try services.auth.authenticate(token: nil)
            throw ServerError(.unauthorized, "no bearer token")
        }
        return token
    }

    /// Runs `body` with the caller's session on the storage pool.
    func withSession<T: Sendable>(
        _ request: Request, _ body: @escaping @Sendable (ServerSession) throws -> T
    ) async throws -> T {
        let token = try token(request)
        let services = services
        return try await workers.storage.run { try body(try services.auth.authenticate(token: token)) }
    }

    func login(_ request: Request, context: StrataRequestContext) async throws -> Response {
        let body = try await RequestReading.body(LoginRequest.self, from: request, upTo: Self.maxLoginBodyBytes)
        let address = context.clientAddress
        if case .refused(let retryAfter, let limit) = throttle.admit(account: body.account, address: address) {
            logger.debug(
                "login throttled", metadata: ["account": "\(LogText.escaped(body.account))", "address": "\(address)"])
            throw HTTPFailure(
                .tooManyRequests, "tooManyRequests",
                "too many login attempts for this \(limit); try again in \(retryAfter) s", retryAfter: retryAfter)
        }
        let services = services
        do {
            let answer = try await workers.hashing.run { try services.auth.login(body) }
            throttle.succeeded(account: body.account, address: address)
            return try JSONResponse.make(answer)
        } catch let error as ServerError where error.code == .unauthorized {
            logger.notice(
                "login failed", metadata: ["account": "\(LogText.escaped(body.account))", "address": "\(address)"])
            throw error
        }
    }

    func logout(_ request: Request) async throws -> Response {
        let services = services
        try await withSession(request) { try services.auth.logout($0) }
        return JSONResponse.noContent()
    }

    func push(_ request: Request) async throws -> Response {
        _ = try token(request)
        let buffer = try await RequestReading.collect(request)
        let services = services
        return try await withSession(request) { session in
            let body = try RequestReading.decode(PushRequest.self, from: buffer)
            return try JSONResponse.make(try services.objects.push(body, session: session))
        }
    }

    func pull(_ request: Request, typeName: String) async throws -> Response {
        _ = try token(request)
        let since = try RequestReading.integer("since", in: request, default: 0)
        let limit = try RequestReading.integer("limit", in: request, default: 500)
        let services = services
        return try await withSession(request) { session in
            guard let limit = Int(exactly: limit) else { throw HTTPFailure(.badRequest, "badRequest", "limit is too large") }
            return try JSONResponse.make(try services.objects.pull(typeName: typeName, since: since, limit: limit, session: session))
        }
    }

    func fetch(_ request: Request, typeName: String, objectId: String) async throws -> Response {
        let services = services
        return try await withSession(request) { session in
            try JSONResponse.make(try services.objects.fetch(typeName: typeName, objectId: objectId, session: session))
        }
    }

    func query(_ request: Request, typeName: String) async throws -> Response {
        _ = try token(request)
        let buffer = try await RequestReading.collect(request)
        let services = services
        return try await withSession(request) { session in
            let body = try RequestReading.decode(QueryRequest.self, from: buffer)
            return try JSONResponse.make(try services.objects.query(typeName: typeName, request: body, session: session))
        }
    }

    func logs(_ request: Request) async throws -> Response {
        _ = try token(request)
        let buffer = try await RequestReading.collect(request)
        let services = services
        _ = try await withSession(request) { session in
            try services.client.uploadLogs(try RequestReading.decode(LogUpload.self, from: buffer), session: session)
        }
        return JSONResponse.noContent()
    }

    func config(_ request: Request) async throws -> Response {
        let services = services
        return try await withSession(request) { try JSONResponse.make(try services.client.config(session: $0)) }
    }

    func registerDevice(_ request: Request) async throws -> Response {
        _ = try token(request)
        let buffer = try await RequestReading.collect(request)
        let services = services
        try await withSession(request) { session in
            try services.client.registerDevice(try RequestReading.decode(DeviceRegistration.self, from: buffer), session: session)
        }
        return JSONResponse.noContent()
    }

    func poll(_ request: Request, deviceId: String) async throws -> Response {
        let session = try await withSession(request) { $0 }
        let after = try RequestReading.integer("after", in: request, default: 0)
        let wait = try RequestReading.number("wait", in: request, default: 0)
        return try JSONResponse.make(
            try await services.client.poll(deviceId: deviceId, after: after, wait: wait, session: session))
    }
}
