import Foundation

/// The JSON text micro-apps print for `format=json` requests: pretty-printed, keys sorted,
/// slashes unescaped, so every host prints the same stable shape.
public enum JSONText {
    /// The JSON text of `value`.
    ///
    /// - Throws: the encoder's error when `value` cannot be encoded.
    public static func encode(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }
}
