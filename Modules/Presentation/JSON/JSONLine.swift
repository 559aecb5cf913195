#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import StrataCrossCutting

/// One JSON document on one line, as `strata-status` and `strata-host`'s `account` and `sync`
/// commands print it: keys sorted, slashes unescaped, and the control characters an encoder
/// leaves raw in strings (DEL, C1, separators, bidirectional controls) written as `\uXXXX`
/// (`TerminalText.jsonEscaped(_:)`).
///
/// (The micro-apps' multi-line `format=json` output is `JSONText` in StrataContainer.)
public enum JSONLine {
    /// The one-line JSON text of `value`, or `{}` when it cannot be encoded (the flat structs of
    /// strings, numbers, dictionaries and arrays it is meant for always encode).
    public static func encode(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(value) else { return "{}" }
        return TerminalText.jsonEscaped(String(decoding: data, as: UTF8.self))
    }
}
