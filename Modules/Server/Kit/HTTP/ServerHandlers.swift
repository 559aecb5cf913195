import Hummingbird
import StrataServerDomain
import StrataWire

/// One method per endpoint: read the request, call the domain, answer JSON.
struct ServerHandlers: Sendable {
    let services: any ServerServices

    func session(_ request: Request) throws -> ServerSession {
        try services.auth.authenticate(token: RequestReading.bearer(request))
    }

    func login(_ request: Request) async throws -> Response {
        let body = try await RequestReading.body(LoginRequest.self, from: request)
        return try JSONResponse.make(try services.auth.login(body))
    }

    func logout(_ request: Request) async throws -> Response {
        try services.auth.logout(try session(request))
        return JSONResponse.noContent()
    }

    func push(_ request: Request) async throws -> Response {
        let session = try session(request)
        let body = try await RequestReading.body(PushRequest.self, from: request)
        return try JSONResponse.make(try services.objects.push(body, session: session))
    }

    func pull(_ request: Request, typeName: String) async throws -> Response {
        let session = try session(request)
        let since = try RequestReading.integer("since", in: request, default: 0)
        let limit = try RequestReading.integer("limit", in: request, default: 500)
        guard let limit = Int(exactly: limit) else { throw HTTPFailure(.badRequest, "badRequest", "limit is too large") }
        return try JSONResponse.make(try services.objects.pull(typeName: typeName, since: since, limit: limit, session: session))
    }

    func fetch(_ request: Request, typeName: String, objectId: String) async throws -> Response {
        let session = try session(request)
        return try JSONResponse.make(try services.objects.fetch(typeName: typeName, objectId: objectId, session: session))
    }

    func query(_ request: Request, typeName: String) async throws -> Response {
        let session = try session(request)
        let body = try await RequestReading.body(QueryRequest.self, from: request)
        return try JSONResponse.make(try services.objects.query(typeName: typeName, request: body, session: session))
    }

    func logs(_ request: Request) async throws -> Response {
        let session = try session(request)
        let body = try await RequestReading.body(LogUpload.self, from: request)
        _ = try services.client.uploadLogs(body, session: session)
        return JSONResponse.noContent()
    }

    func config(_ request: Request) async throws -> Response {
        try JSONResponse.make(try services.client.config(session: try session(request)))
    }

    func registerDevice(_ request: Request) async throws -> Response {
        let session = try session(request)
        let body = try await RequestReading.body(DeviceRegistration.self, from: request)
        try services.client.registerDevice(body, session: session)
        return JSONResponse.noContent()
    }

    func poll(_ request: Request, deviceId: String) async throws -> Response {
        let session = try session(request)
        let after = try RequestReading.integer("after", in: request, default: 0)
        let wait = try RequestReading.number("wait", in: request, default: 0)
        return try JSONResponse.make(
            try await services.client.poll(deviceId: deviceId, after: after, wait: wait, session: session))
    }
}
