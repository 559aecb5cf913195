import Hummingbird
import StrataCrossCutting
import StrataServerDomain
import StrataWire

/// The one error type of `StrataServerKit`: an HTTP status with the ``WireError`` the handlers
/// answer when a request fails (its `error` is the code, its `reason` the message).
struct HTTPFailure: StrataError {
    let status: HTTPResponse.Status
    let wire: WireError
    /// Seconds for the `Retry-After` header (429 and 503), or `nil` for none.
    let retryAfter: Int?

    /// The wire error's code, e.g. `busy`.
    var code: String { wire.error }
    /// The wire error's reason.
    var message: String { wire.reason }

    init(_ status: HTTPResponse.Status, _ code: String, _ reason: String, retryAfter: Int? = nil) {
        self.status = status
        self.wire = WireError(error: code, reason: reason)
        self.retryAfter = retryAfter
    }

    /// The status and wire error for a domain error.
    init(_ error: ServerError) {
        let status: HTTPResponse.Status =
            switch error.code {
            case .unauthorized, .accountDisabled: .unauthorized
            case .badRequest: .badRequest
            case .notFound: .notFound
            case .conflict: .conflict
            case .tooLarge: .contentTooLarge
            case .unavailable: .serviceUnavailable
            default: .internalServerError
            }
        self.init(status, error.codeName, error.message, retryAfter: error.code == .unavailable ? 1 : nil)
    }
}
