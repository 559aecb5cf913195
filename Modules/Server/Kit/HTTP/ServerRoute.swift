import Hummingbird

/// One endpoint of the API: its method, its path template in OpenAPI's form (`{type}` for a
/// parameter), the `operationId` the OpenAPI document gives it, and its handler.
///
/// ``ServerRoutes/table`` lists every one: the router registers them, the 405 answer's `Allow`
/// reads them, and a test holds the OpenAPI document's operations equal to them.
struct ServerRoute: Sendable {
    /// What answers a request: the handlers, the request, its context (path parameters, the peer).
    typealias Handler = @Sendable (ServerHandlers, Request, StrataRequestContext) async throws -> Response

    /// The HTTP method.
    let method: HTTPRequest.Method
    /// The path template, e.g. `/v1/objects/{type}/{id}`.
    let path: String
    /// The operation's id in the OpenAPI document.
    let operationId: String
    /// The handler.
    let handle: Handler

    init(_ method: HTTPRequest.Method, _ path: String, _ operationId: String, _ handle: @escaping Handler) {
        self.method = method
        self.path = path
        self.operationId = operationId
        self.handle = handle
    }

    /// The template's segments, each a constant or a parameter (`{name}`).
    var segments: [Substring] { path.split(separator: "/", omittingEmptySubsequences: false) }

    /// The path in Hummingbird's form (`/v1/objects/:type/:id`).
    var routerPath: RouterPath {
        RouterPath(segments.map { Self.parameterName($0).map { ":\($0)" } ?? String($0) }.joined(separator: "/"))
    }

    /// The method's name, e.g. `GET`.
    var methodName: String { method.rawValue }

    /// Whether `path` (a request's raw path) has this template's shape.
    func matches(_ path: String) -> Bool { Self.path(path, fits: self.path) }

    /// Whether `path` has the shape of `template`: the same constants, and a non-empty segment
    /// for each parameter.
    static func path(_ path: String, fits template: String) -> Bool {
        let requested = path.split(separator: "/", omittingEmptySubsequences: false)
        let segments = template.split(separator: "/", omittingEmptySubsequences: false)
        return requested.count == segments.count
            && zip(segments, requested).allSatisfy { parameterName($0) != nil ? !$1.isEmpty : $0 == $1 }
    }

    /// `name` for a `{name}` segment, else `nil`.
    static func parameterName(_ segment: Substring) -> Substring? {
        guard segment.count > 2, segment.first == "{", segment.last == "}" else { return nil }
        return segment.dropFirst().dropLast()
    }
}
