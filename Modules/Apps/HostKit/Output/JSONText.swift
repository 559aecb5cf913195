import Foundation

/// Encodes `--json` output: one pretty-printed document with sorted keys.
enum JSONText {
    /// The JSON text of `value` (keys sorted, slashes unescaped, two-space indentation).
    static func encode(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data = try encoder.encode(value)
        return String(decoding: data, as: UTF8.self)
    }
}
