import Foundation
import Hummingbird
import NIOCore
import StrataWire

/// JSON responses in the wire's coding.
enum JSONResponse {
    /// `value` encoded with ``WireCoding``, as `application/json`.
    static func make(_ value: some Encodable, status: HTTPResponse.Status = .ok) throws -> Response {
        // The hot paths: push and pull answers (one entry per change) are written by hand.
        if let push = value as? PushResponse { return body(WireJSON.pushResponse(push), status: status) }
        if let pull = value as? PullResponse, let data = WireJSON.pullResponse(pull) { return body(data, status: status) }
        return body(try WireCoding.encoder().encode(value), status: status)
    }

    /// The failure's wire error with its status (and `Retry-After`, when it has one).
    static func error(_ failure: HTTPFailure) -> Response {
        let data = (try? WireCoding.encoder().encode(failure.wire)) ?? Data(#"{"error":"internal","reason":""}"#.utf8)
        var response = body(data, status: failure.status)
        if let retryAfter = failure.retryAfter { response.headers[.retryAfter] = String(retryAfter) }
        return response
    }

    /// An empty `204 No Content`.
    static func noContent() -> Response { Response(status: .noContent) }

    /// Raw JSON bytes.
    static func body(_ data: Data, status: HTTPResponse.Status) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "application/json; charset=utf-8"
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
    }
}
