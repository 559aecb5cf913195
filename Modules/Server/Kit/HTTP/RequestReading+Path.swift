import Hummingbird

/// Path parameters (`:type`, `:id`, `:device`), percent-decoded.
extension RequestReading {
    /// The path parameter `name`, percent-decoded (`a%2Fb%20c` is `a/b c`); routing matched the
    /// raw segment, so an encoded `/` stays inside the parameter.
    ///
    /// - Throws: ``HTTPFailure`` 400 naming the parameter for a `%` not followed by two hex
    ///   digits, or escapes that do not decode to UTF-8.
    static func pathParameter(_ name: String, in context: some RequestContext) throws -> String {
        let raw = context.parameters.get(name) ?? ""
        guard let decoded = percentDecoded(raw) else {
            // Escapes that decode to no UTF-8 (`%C0%80` is an overlong NUL, `%FF` no character) are
            // not a % without its hex digits: say which.
            let why = percentDecoded(raw.replacing(/%[0-9A-Fa-f]{2}/, with: "")) == nil
                ? "a % must start two hex digits" : "the escaped bytes are not UTF-8 (an overlong or cut sequence)"
            throw HTTPFailure(
                .badRequest, "badRequest", "path parameter \(name) '\(raw.prefix(80))' is not percent-encoded UTF-8: \(why)")
        }
        return decoded
    }

    /// `text` with each `%XX` turned into its byte, or `nil` for a bad escape or bytes that are
    /// not UTF-8. `+` stays `+` (it means a space only in a query).
    static func percentDecoded(_ text: String) -> String? {
        guard text.utf8.contains(UInt8(ascii: "%")) else { return text }
        var bytes: [UInt8] = []
        var input = text.utf8.makeIterator()
        while let byte = input.next() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard let high = input.next().flatMap(hexValue), let low = input.next().flatMap(hexValue) else { return nil }
            bytes.append(high << 4 | low)
        }
        return String(validating: bytes, as: UTF8.self)
    }

    private static func hexValue(_ digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): digit - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
