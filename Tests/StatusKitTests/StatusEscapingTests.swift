import Foundation
import StrataCrossCutting
import StrataDomain
import StrataJournal
import StrataPresentation
import StrataStatusKit
import Testing

@Suite("strata-status never prints a raw control character")
struct StatusEscapingTests {
    /// A server's error message and URL carrying an escape sequence, a CSI and a bidi override.
    static let hostile = SyncStatus.facts(
        connectivity: .offline, server: "http://h\u{1B}]0;x\u{07}", pending: 1, rejected: 0,
        lastError: "boom\u{1B}[2J\r\nsecond line\u{9B}\u{202E}")

    private func hasRawControl(_ text: String) -> Bool {
        text.unicodeScalars.contains { TerminalText.isControl($0) && $0 != "\n" }
    }

    @Test("text: the server and the last error are one line each, every control character escaped")
    func text() async {
        let text = StatusRenderer.render(.empty, storePresent: true, format: .text, sync: Self.hostile)
        #expect(!hasRawControl(text), "\(text.debugDescription)")
        let lastError = text.split(separator: "\n").filter { $0.hasPrefix("last error") }
        #expect(lastError == ["last error            boom\\u{1B}[2J\\r\\nsecond line\\u{9B}\\u{202E}"])
        #expect(text.contains("offline (http://h\\u{1B}]0;x\\u{7})"))
    }

    @Test("json and waybar: C1, DEL and bidi controls are \\u escapes; the JSON decodes to the same text")
    func json() async throws {
        for format in [StatusFormat.json, .waybar, .i3blocks] {
            let text = StatusRenderer.render(.empty, storePresent: true, format: format, sync: Self.hostile)
            #expect(!hasRawControl(text), "\(format): \(text.debugDescription)")
        }
        let json = StatusRenderer.render(.empty, storePresent: true, format: .json, sync: Self.hostile)
        let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        let sync = object?["sync"] as? [String: Any]
        #expect(sync?["lastError"] as? String == Self.hostile.lastError)
    }
}
