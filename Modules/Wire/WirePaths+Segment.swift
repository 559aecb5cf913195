/// Ids and names inside a path (`/v1/objects/{type}/{id}`, `/v1/devices/{id}/messages`).
extension WirePaths {
    /// `value` as one percent-encoded path segment: every byte of its UTF-8 but the unreserved
    /// characters of RFC 3986 (`A–Z a–z 0–9 - . _ ~`) becomes `%XX`, so a space, `/`, `%`, `?`,
    /// `#` or `é` stay inside the segment; the server decodes it back to `value`.
    public static func segment(_ value: String) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var encoded: [UInt8] = []
        encoded.reserveCapacity(value.utf8.count)
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"):
                encoded.append(byte)
            default:
                encoded += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
            }
        }
        return String(decoding: encoded, as: UTF8.self)
    }
}
