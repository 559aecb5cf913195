#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The reader's structure and scalars: objects, arrays, strings, numbers, literals.
extension WireJSONReader {
    // MARK: Structure

    mutating func document<T>(_ read: (inout WireJSONReader) -> T?) -> T? {
        guard let value = read(&self) else { return nil }
        skipSpace()
        return index == bytes.count ? value : fail("the end of the document at byte \(index)")
    }

    /// Reads `{ "key": member, … }`, handing each key to `member`; `false` when anything fails.
    mutating func object(_ member: (inout WireJSONReader, String) -> Bool) -> Bool {
        guard expect(UInt8(ascii: "{")) else { return false }
        if accept(UInt8(ascii: "}")) { return true }
        repeat {
            guard let key = string(), expect(UInt8(ascii: ":")) else { return false }
            guard member(&self, key) else { return fail("a known key once, with a value of its kind, not '\(key.prefix(40))'") ?? false }
        } while accept(UInt8(ascii: ","))
        return expect(UInt8(ascii: "}"))
    }

    /// Reads `[ element, … ]`.
    mutating func array<T>(_ element: (inout WireJSONReader) -> T?) -> [T]? {
        guard expect(UInt8(ascii: "[")) else { return nil }
        var elements: [T] = []
        if accept(UInt8(ascii: "]")) { return elements }
        repeat {
            guard let next = element(&self) else { return nil }
            elements.append(next)
        } while accept(UInt8(ascii: ","))
        return expect(UInt8(ascii: "]")) ? elements : nil
    }

    /// Reads `null` if it comes next.
    mutating func null() -> Bool {
        literal("null")
    }

    /// `true` or `false`.
    mutating func boolean() -> Bool? {
        if literal("true") { return true }
        if literal("false") { return false }
        return fail("true or false")
    }

    private mutating func literal(_ word: String) -> Bool {
        skipSpace()
        guard bytes[index...].starts(with: word.utf8) else { return false }
        index += word.utf8.count
        return true
    }

    // MARK: Scalars

    /// A JSON string: valid UTF-8, no raw control characters, escapes resolved.
    mutating func string() -> String? {
        guard expect(UInt8(ascii: "\"")) else { return nil }
        let start = index
        var isASCII = true
        while index < bytes.count, bytes[index] != UInt8(ascii: "\""), bytes[index] != UInt8(ascii: "\\"), bytes[index] >= 0x20 {
            isASCII = isASCII && bytes[index] < 0x80
            index += 1
        }
        guard index < bytes.count else { return fail("the end of a string") }
        if bytes[index] == UInt8(ascii: "\"") {
            index += 1
            let text = bytes[start..<index - 1]
            return isASCII ? String(decoding: text, as: UTF8.self) : String(validating: text, as: UTF8.self) ?? fail("UTF-8 text")
        }
        var text = Array(bytes[start..<index])
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\""): return String(validating: text, as: UTF8.self) ?? fail("UTF-8 text")
            case 0..<0x20: return fail("no control character inside a string")
            case UInt8(ascii: "\\"):
                guard index < bytes.count else { return fail("an escape") }
                let escaped = bytes[index]
                index += 1
                switch escaped {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): text.append(escaped)
                case UInt8(ascii: "b"): text.append(0x08)
                case UInt8(ascii: "f"): text.append(0x0c)
                case UInt8(ascii: "n"): text.append(0x0a)
                case UInt8(ascii: "r"): text.append(0x0d)
                case UInt8(ascii: "t"): text.append(0x09)
                case UInt8(ascii: "u"):
                    guard let scalar = escapedScalar() else { return nil }
                    text.append(contentsOf: String(Character(scalar)).utf8)
                default: return fail("a valid escape")
                }
            default: text.append(byte)
            }
        }
        return fail("the end of a string")
    }

    /// The scalar of `\uXXXX` (the `\u` read), joining a surrogate pair.
    mutating func escapedScalar() -> Unicode.Scalar? {
        guard let high = hex4() else { return nil }
        guard (0xD800..<0xE000).contains(high) else { return Unicode.Scalar(high) }
        guard high < 0xDC00, index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
        else { return fail("a surrogate pair") }
        index += 2
        guard let low = hex4(), (0xDC00..<0xE000).contains(low) else { return fail("a low surrogate") }
        return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))
    }

    mutating func hex4() -> UInt32? {
        guard index + 4 <= bytes.count else { return fail("four hex digits") }
        var value: UInt32 = 0
        for byte in bytes[index..<index + 4] {
            guard let digit = Character(Unicode.Scalar(byte)).hexDigitValue else { return fail("four hex digits") }
            value = value << 4 | UInt32(digit)
        }
        index += 4
        return value
    }

    /// A JSON number without fraction or exponent that fits in 64 bits.
    mutating func integer() -> Int64? {
        guard let (text, isIntegral) = number(), isIntegral else { return fail("a whole number") }
        return Int64(text) ?? fail("a whole number that fits in 64 bits")
    }

    /// A JSON number that is finite as a double.
    mutating func double() -> Double? {
        guard let (text, _) = number(), let value = Double(text), value.isFinite else { return fail("a finite number") }
        return value
    }

    /// The text of a strict JSON number (`-?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?`).
    mutating func number() -> (String, isIntegral: Bool)? {
        skipSpace()
        let start = index
        func digits(_ reader: inout WireJSONReader) -> Int {
            let first = reader.index
            while reader.index < reader.bytes.count, (48...57).contains(reader.bytes[reader.index]) { reader.index += 1 }
            return reader.index - first
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
        let leadingZero = index < bytes.count && bytes[index] == UInt8(ascii: "0")
        let whole = digits(&self)
        guard whole > 0, !(leadingZero && whole > 1) else { return fail("a number") }
        var isIntegral = true
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            isIntegral = false
            guard digits(&self) > 0 else { return fail("digits after '.'") }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            isIntegral = false
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard digits(&self) > 0 else { return fail("digits in an exponent") }
        }
        return (String(decoding: bytes[start..<index], as: UTF8.self), isIntegral)
    }

    mutating func skipSpace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x0a, 0x0d, 0x09: index += 1
            default: return
            }
        }
    }

    mutating func accept(_ byte: UInt8) -> Bool {
        skipSpace()
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    mutating func expect(_ byte: UInt8) -> Bool {
        accept(byte) ? true : fail("'\(Character(Unicode.Scalar(byte)))' at byte \(index)") ?? false
    }

    /// Records what was expected (the first problem wins) and returns `nil`.
    mutating func fail<T>(_ expected: String) -> T? {
        if problem.isEmpty { problem = "expected \(expected)" }
        return nil
    }
}
