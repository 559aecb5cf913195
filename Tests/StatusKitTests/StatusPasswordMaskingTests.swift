import Foundation
import StrataCrossCutting
import StrataPresentation
import StrataStatusKit
import Synchronization
import Testing

/// A store written before the masking may still hold a server URL with a password, in the
/// server and the last error: strata-status shows both masked, in text and in JSON.
@Suite("strata-status never shows a server URL's password")
struct StatusPasswordMaskingTests {
    func run(_ arguments: [String], sync: StatusSync?) async -> String {
        let out = Mutex<[String]>([])
        _ = await StrataStatusCLI.main(
            arguments: arguments, environment: [:],
            output: OutputSink(standardOutput: { text in out.withLock { $0.append(text) } }, standardError: { _ in }),
            makeStatus: { _ in StatusSources(domain: nil, sync: sync) })
        return out.withLock { $0.joined(separator: "\n") }
    }

    @Test("the server and the last error are masked in the text and the JSON formats")
    func masked() async {
        let sync = StatusSync(
            connectivity: .offline, server: "http://sigrid:Pa55-wOrd@127.0.0.1:9",
            lastError: "cannot reach the sync server http://sigrid:Pa55-wOrd@127.0.0.1:9 to sync: connection refused")
        let text = await run([], sync: sync)
        #expect(text.contains("sync                  offline (http://sigrid:***@127.0.0.1:9)"), "\(text)")
        #expect(text.contains("last error            cannot reach the sync server http://sigrid:***@127.0.0.1:9 to sync"), "\(text)")
        let json = await run(["--format", "json"], sync: sync)
        #expect(json.contains(#""server":"http:\/\/sigrid:***@127.0.0.1:9""#) || json.contains(#""server":"http://sigrid:***@127.0.0.1:9""#), "\(json)")
        for output in [text, json] { #expect(!output.contains("Pa55-wOrd"), "\(output)") }
    }
}
