import Foundation
#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension SyncFailure {
    /// A short reason for a transport error, for one readable line: `connection refused`
    /// rather than Foundation's whole `NSError` dump (`--verbose` logs keep the details).
    static func describe(_ error: any Error) -> String {
        guard let error = error as? URLError else { return "\(error)" }
        // Named failures are plain words; only one without a name keeps its number, for a bug report.
        switch error.code {
        case .cannotConnectToHost: return "connection refused (is the server running?)"
        case .timedOut: return "timed out"
        case .networkConnectionLost: return "the connection was lost"
        case .badServerResponse, .zeroByteResource: return "empty or malformed answer from the server"
        case .cannotFindHost, .dnsLookupFailed: return "unknown host"
        case .notConnectedToInternet: return "no network"
        case .cancelled: return "cancelled"
        case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
            .serverCertificateNotYetValid, .serverCertificateHasUnknownRoot:
            return "the TLS connection failed (certificate or protocol)"
        default: return "network error (number \(error.code.rawValue))"
        }
    }
}
