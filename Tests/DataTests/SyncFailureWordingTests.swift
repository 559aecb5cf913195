import Foundation
import Testing

@testable import StrataData

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Transport failures reach the user as plain words, never as Foundation's error names.
@Suite("sync failure wording")
struct SyncFailureWordingTests {
    @Test("a named network failure is plain words with no 'URLError' code")
    func namedFailuresArePlainWords() async {
        #expect(SyncFailure.describe(URLError(.cannotConnectToHost)) == "connection refused (is the server running?)")
        #expect(SyncFailure.describe(URLError(.timedOut)) == "timed out")
        #expect(SyncFailure.describe(URLError(.serverCertificateUntrusted)) == "the TLS connection failed (certificate or protocol)")
        for code in [URLError.Code.cannotConnectToHost, .timedOut, .cannotFindHost, .badURL] {
            #expect(!SyncFailure.describe(URLError(code)).contains("URLError"), "\(code)")
        }
    }
}
