import Foundation
import StrataCrossCutting

/// The JSON text micro-apps print for `format=json` requests: pretty-printed, keys sorted,
/// slashes unescaped, so every host prints the same stable shape.
public enum JSONText {
    /// The JSON text of `value`; an empty array or object is written `[]` or `{}`, and the
    /// control characters the encoder leaves raw in strings (DEL, C1, separators, bidirectional
    /// controls) as `\uXXXX` escapes (`TerminalText.jsonEscaped(_:)`).
    ///
    /// - Throws: the encoder's error when `value` cannot be encoded.
    public static func encode(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let text = String(decoding: try encoder.encode(value), as: UTF8.self)
        return TerminalText.jsonEscaped(compactingEmptyCollections(text))
    }

    /// `[\n\n]` and `{\n\n}` (Foundation's pretty printing of an empty collection, at any depth)
    /// written as `[]` and `{}`.
    ///
    /// A JSON string never holds a raw line break (it is escaped as `\n`), so a bracket followed
    /// by a line break is always structure, never text.
    static func compactingEmptyCollections(_ text: String) -> String {
        text.replacing(/\[\n\s*\]/, with: "[]").replacing(/\{\n\s*\}/, with: "{}")
    }
}
