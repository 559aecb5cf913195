import Foundation
import Hummingbird

/// The OpenAPI 3.0 document served at `/openapi.json`: every endpoint, its parameters, bodies,
/// answers and errors, and every schema of `StrataWire`.
///
/// The document is data, `openapi.json` beside this file, a resource of `StrataServerKit`
/// (`Bundle.module`: the `Strata_StrataServerKit.resources` bundle beside the executable). Its
/// operations (method, path template, `operationId`) are ``ServerRoutes/table``'s: a test holds
/// the two equal both ways, and the schemathesis run of `scripts/fuzz-server` checks every
/// answer against the schemas.
enum OpenAPIDocument {
    /// The document's JSON bytes, read once.
    ///
    /// - Important: A server without its resource bundle cannot serve the document; it fails
    ///   at start (``check()``), not at the first request.
    static let json: Data = {
        guard let url = Bundle.module.url(forResource: "openapi", withExtension: "json"),
            let bytes = try? Data(contentsOf: url)
        else { return Data() }
        return bytes
    }()

    /// Throws unless the document was read and is JSON.
    static func check() throws {
        guard !json.isEmpty, (try? JSONSerialization.jsonObject(with: json)) != nil else {
            throw HTTPFailure(
                .internalServerError, "internal",
                "the OpenAPI document (openapi.json in the Strata_StrataServerKit.resources bundle) is missing or broken")
        }
    }
}
