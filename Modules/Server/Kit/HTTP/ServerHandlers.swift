import Hummingbird
import Logging
import NIOCore
import StrataServerDomain
import StrataWire

/// One method per endpoint: read the request, call the domain, answer JSON.
///
/// Nothing blocking runs on an event loop or the cooperative pool: the domain's SQLite work runs
/// on the databases' own queues (GRDB's async API) while the handler suspends, and a login's
/// password hashing on `workers.hashing`, where logins queue behind each other. `workers.logins`
/// and `workers.storage` bound the requests in flight (503 `busy` beyond).
struct ServerHandlers: Sendable {
    let services: any ServerServices
    let workers: RequestWorkers
    let throttle: LoginThrottle
    let logger: Logger
    let metrics: ServerMetrics

    /// The largest login body accepted (a `LoginRequest` is a few hundred bytes).
    static let maxLoginBodyBytes = 16 * 1024

    /// The request's bearer token; a missing one fails at once (401), without storage work.
    func token(_ request: Request) async throws -> String {
        let token = RequestReading.bearer(request)
        guard let token, !token.isEmpty else {
            _ = try await services.auth.authenticate(token: nil)
            throw ServerError(.unauthorized, "no bearer token")
        }
        return token
    }

    /// Runs `body` with the caller's session, admitted by the storage bound.
    func withSession<T>(_ request: Request, _ body: (ServerSession) async throws -> T) async throws -> T {
        let token = try await token(request)
        return try await workers.storage.admit { try await body(try await services.auth.authenticate(token: token)) }
    }

    func login(_ request: Request, context: StrataRequestContext) async throws -> Response {
        let body = try await RequestReading.body(LoginRequest.self, from: request, upTo: Self.maxLoginBodyBytes)
        let address = throttle.proxies.clientAddress(
            peer: context.clientAddress, forwardedFor: request.headers.filter { $0.name.canonicalName == "x-forwarded-for" }.map(\.value))
        if case .refused(let retryAfter, let limit) = throttle.admit(account: body.account, address: address) {
            metrics.loginRefused()
            logger.debug(
                "login throttled", metadata: ["account": "\(LogText.escaped(body.account))", "address": "\(address)"])
            throw HTTPFailure(
                .tooManyRequests, "tooManyRequests",
                "too many login attempts for this \(limit); try again in \(retryAfter) s", retryAfter: retryAfter)
        }
        do {
            let answer = try await workers.logins.admit {
                try await services.auth.login(body, hashing: workers.hashing)
            }
            throttle.succeeded(account: body.account, address: address)
            return try JSONResponse.make(answer)
        } catch let error as ServerError where error.code == .unauthorized {
            metrics.loginFailed()
            logger.notice(
                "login failed", metadata: ["account": "\(LogText.escaped(body.account))", "address": "\(address)"])
            throw error
        }
    }

    func logout(_ request: Request) async throws -> Response {
        try await withSession(request) { try await services.auth.logout($0) }
        return JSONResponse.noContent()
    }

    func push(_ request: Request) async throws -> Response {
        _ = try await token(request)
        let buffer = try await RequestReading.collect(request)
        return try await withSession(request) { session in
            let body = try RequestReading.decode(PushRequest.self, from: buffer)
            return try JSONResponse.make(try await services.objects.push(body, session: session))
        }
    }

    func pull(_ request: Request, typeName: String) async throws -> Response {
        _ = try await token(request)
        let since = try RequestReading.integer("since", in: request, default: 0)
        let limit = try RequestReading.integer("limit", in: request, default: 500)
        let scope = try RequestReading.queryValue("scope", in: request).map { name in
            guard let scope = PullScope(rawValue: String(name)) else {
                throw HTTPFailure(
                    .badRequest, "badRequest", "query parameter scope=\(name.prefix(40)) is unknown; expected \(PullScope.names)")
            }
            return scope
        }
        return try await withSession(request) { session in
            guard let limit = Int(exactly: limit) else { throw HTTPFailure(.badRequest, "badRequest", "limit is too large") }
            return try JSONResponse.make(
                try await services.objects.pull(
                    typeName: typeName, since: since, limit: limit, scope: scope ?? .all, session: session))
        }
    }

    func fetch(_ request: Request, typeName: String, objectId: String) async throws -> Response {
        try await withSession(request) { session in
            try JSONResponse.make(try await services.objects.fetch(typeName: typeName, objectId: objectId, session: session))
        }
    }

    func query(_ request: Request, typeName: String) async throws -> Response {
        _ = try await token(request)
        let buffer = try await RequestReading.collect(request)
        return try await withSession(request) { session in
            let body = try RequestReading.decode(QueryRequest.self, from: buffer)
            return try JSONResponse.make(try await services.objects.query(typeName: typeName, request: body, session: session))
        }
    }

    func logs(_ request: Request) async throws -> Response {
        _ = try await token(request)
        let buffer = try await RequestReading.collect(request)
        _ = try await withSession(request) { session in
            try await services.client.uploadLogs(try RequestReading.decode(LogUpload.self, from: buffer), session: session)
        }
        return JSONResponse.noContent()
    }

    func config(_ request: Request) async throws -> Response {
        try await withSession(request) { try JSONResponse.make(try await services.client.config(session: $0)) }
    }

    func registerDevice(_ request: Request) async throws -> Response {
        _ = try await token(request)
        let buffer = try await RequestReading.collect(request)
        try await withSession(request) { session in
            try await services.client.registerDevice(
                try RequestReading.decode(DeviceRegistration.self, from: buffer), session: session)
        }
        return JSONResponse.noContent()
    }

    /// The long poll: admitted for its reads, not while it waits (a waiting poll holds nothing
    /// but its connection, which the connection cap bounds).
    func poll(_ request: Request, deviceId: String) async throws -> Response {
        let session = try await withSession(request) { $0 }
        let after = try RequestReading.integer("after", in: request, default: 0)
        let wait = try RequestReading.number("wait", in: request, default: 0)
        let answer = try await metrics.polling {
            try await services.client.poll(deviceId: deviceId, after: after, wait: wait, session: session)
        }
        return try JSONResponse.make(answer)
    }
}
