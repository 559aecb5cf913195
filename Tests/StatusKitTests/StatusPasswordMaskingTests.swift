import StrataJournal
import StrataPresentation
import Testing

/// A store written before the masking may still hold a server URL with a password, in the
/// server and the last error: strata-status shows both masked, in text and in JSON.
extension StatusSyncTests {
    @Test("a server URL's password is masked in the server and the last error, in the text and the JSON formats")
    func passwordMasked() async {
        let sync = SyncStatus.facts(
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
