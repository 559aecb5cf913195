import Foundation
import StrataTestSupport
import StrataWire
import Testing

@testable import StrataServerKit

/// One route table drives the router, the 405 answer and the OpenAPI document: the document
/// served at `/openapi.json` names exactly the routed operations, and every one is routed.
@Suite("the OpenAPI document and the route table")
struct RouteDocumentTests {
    /// An operation: `GET /v1/objects/{type}` and its `operationId`.
    struct Operation: Hashable, CustomStringConvertible {
        let method: String
        let path: String
        let operationId: String
        var description: String { "\(method) \(path) (\(operationId))" }
    }

    /// The operations of the document the server serves.
    static func documented(_ server: InProcessServer) async throws -> Set<Operation> {
        let (status, data) = try await server.client.send("GET", WirePaths.openAPI)
        #expect(status == 200)
        let document = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(document["openapi"] as? String == "3.0.3")
        let paths = try #require(document["paths"] as? [String: [String: Any]])
        var operations: Set<Operation> = []
        for (path, methods) in paths {
            for (method, operation) in methods {
                let operationId = (operation as? [String: Any])?["operationId"] as? String ?? "?"
                operations.insert(Operation(method: method.uppercased(), path: path, operationId: operationId))
            }
        }
        return operations
    }

    static var routed: Set<Operation> {
        Set(ServerRoutes.table.map { Operation(method: $0.methodName, path: $0.path, operationId: $0.operationId) })
    }

    @Test("every documented operation is routed, and every routed operation is documented")
    func documentEqualsTable() async throws {
        try await withInProcessServer { server in
            let documented = try await Self.documented(server)
            #expect(documented.subtracting(Self.routed).isEmpty, "documented, not routed: \(documented.subtracting(Self.routed))")
            #expect(Self.routed.subtracting(documented).isEmpty, "routed, not documented: \(Self.routed.subtracting(documented))")
            #expect(ServerRoutes.table.count == Self.routed.count, "one route per method and path")
        }
    }

    @Test("every routed operation reaches its handler on the running server (no 404 no-endpoint, no 405)")
    func everyRouteAnswers() async throws {
        try await withInProcessServer { server in
            for route in ServerRoutes.table {
                let path = route.path.replacing(/\{[A-Za-z]+\}/, with: "p1")
                let (status, data) = try await server.client.send(route.methodName, path)
                let reason = (try? server.client.decode(WireError.self, data))?.reason ?? ""
                #expect(status != 405 && !reason.hasPrefix("no endpoint"), "\(route.methodName) \(path): \(status) \(reason)")
            }
        }
    }

    @Test("the 405 answer's Allow lists the documented methods of the path")
    func allowFollowsTheTable() async throws {
        try await withInProcessServer { server in
            let documented = try await Self.documented(server)
            for path in Set(documented.map(\.path)) {
                let filled = path.replacing(/\{[A-Za-z]+\}/, with: "p1")
                let allowed = Set((ServerRoutes.allow(forPath: filled) ?? "").split(separator: ", ").map(String.init))
                // A filled path may match more than one template (`…/p1/query` is also `…/{type}/{id}`).
                let expected = Set(documented.filter { ServerRoute.path(filled, fits: $0.path) }.map(\.method))
                #expect(allowed == expected, "\(filled)")
            }
            #expect(ServerRoutes.allow(forPath: "/v1/nothing") == nil)
        }
    }
}
