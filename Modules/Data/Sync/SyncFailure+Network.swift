import Foundation
#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension SyncFailure {
    /// A short reason for a transport error, for one readable line: `connection refused`
    /// rather than Foundation's whole `NSError` dump (`--verbose` logs keep the details).
    static func describe(_ error: any Error) -> String {
        guard let error = error as? URLError else { return "\(error)" }
        let reason: String
        switch error.code {
        case .cannotConnectToHost: reason = "connection refused (is the server running?)"
        case .timedOut: reason = "timed out"
        case .networkConnectionLost: reason = "the connection was lost"
        case .badServerResponse, .zeroByteResource: reason = "empty or malformed answer from the server"
        case .cannotFindHost, .dnsLookupFailed: reason = "unknown host"
        case .notConnectedToInternet: reason = "no network"
        case .cancelled: reason = "cancelled"
        default: reason = "network error"
        }
        return "\(reason) (URLError \(error.code.rawValue))"
    }
}
