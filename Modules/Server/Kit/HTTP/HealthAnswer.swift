import Foundation
import Hummingbird
import StrataServerDomain

/// The body of `GET /health/live` and `GET /health/ready`: `{"status":"live"}`,
/// `{"status":"ready"}`, or with 503 `{"status":"notReady","reason":"…"}`.
///
/// Both are unauthenticated and pass no admission bound (a probe must not get 503 `busy` from a
/// server that is merely loaded), so they do no work beyond one cheap database query.
struct HealthAnswer: Encodable {
    /// `live`, `ready` or `notReady`.
    let status: String
    /// Why not ready; absent otherwise.
    let reason: String?

    /// The path of the liveness probe.
    static let livePath = "/health/live"
    /// The path of the readiness probe.
    static let readyPath = "/health/ready"

    /// 200 `live`: the process serves HTTP.
    static func live() throws -> Response { try JSONResponse.make(HealthAnswer(status: "live", reason: nil)) }

    /// 200 `ready`, or 503 `notReady` with the reason.
    static func ready(_ readiness: ServerReadiness) throws -> Response {
        readiness.isReady
            ? try JSONResponse.make(HealthAnswer(status: "ready", reason: nil))
            : try JSONResponse.make(
                HealthAnswer(status: "notReady", reason: readiness.reason), status: .serviceUnavailable)
    }
}
