import Foundation
import StrataCrossCutting

/// `--json` on the admin commands: what a command printed as lines, as one JSON document on
/// one line (keys sorted), for scripts and `jq`.
enum AdminJSONOutput {
    /// Prints `value` to `output` as one line of JSON.
    static func print(_ value: some Encodable, to output: OutputSink) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        output.out(TerminalText.jsonEscaped(String(decoding: try encoder.encode(value), as: UTF8.self)))
    }
}
