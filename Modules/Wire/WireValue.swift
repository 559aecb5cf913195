#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// One field value on the wire: `["i", 44]`, `["r", 1.5]`, `["t", "text"]`, `["b", "base64"]`,
/// `["n"]` — tagged, so integers and reals, text and bytes survive the round trip exactly.
public enum WireValue: Sendable, Hashable, Codable {
    /// No value.
    case null
    /// A 64-bit integer (also booleans, as 0 and 1).
    case integer(Int64)
    /// A double (also dates, as seconds since 1970).
    case real(Double)
    /// UTF-8 text.
    case text(String)
    /// Raw bytes.
    case blob(Data)

    /// Reads a value as the wire writes it: `["n"]`, `["i", 7]`, `["r", 0.5]`, `["t", "text"]`
    /// or `["b", "<base64>"]`.
    public init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        let tag = try container.decode(String.self)
        switch tag {
        case "n": self = .null
        case "i": self = .integer(try container.decode(Int64.self))
        case "r": self = .real(try container.decode(Double.self))
        case "t": self = .text(try container.decode(String.self))
        case "b":
            let text = try container.decode(String.self)
            guard let data = Data(base64Encoded: text) else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "'b' value is not base64")
            }
            self = .blob(data)
        default:
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "unknown value tag '\(tag)'; expected one of n, i, r, t, b")
        }
    }

    /// Writes the value as a tag and its payload (see ``init(from:)``).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        switch self {
        case .null: try container.encode("n")
        case .integer(let number):
            try container.encode("i")
            try container.encode(number)
        case .real(let number):
            try container.encode("r")
            try container.encode(number)
        case .text(let text):
            try container.encode("t")
            try container.encode(text)
        case .blob(let data):
            try container.encode("b")
            try container.encode(data.base64EncodedString())
        }
    }
}
