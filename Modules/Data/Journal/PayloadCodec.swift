import Foundation

/// Encodes a change's values as JSON with each value tagged by its kind, so integers and
/// reals, text and blobs survive the round trip exactly: `{"age": ["i", 44], "memo": ["t", "…"]}`.
enum PayloadCodec {
    static func encode(_ values: [String: FieldValue]) throws -> Data {
        var object: [String: [Any]] = [:]
        for (key, value) in values {
            switch value {
            case .null: object[key] = ["n"]
            case .integer(let number): object[key] = ["i", NSNumber(value: number)]
            case .real(let number): object[key] = ["r", NSNumber(value: number)]
            case .text(let text): object[key] = ["t", text]
            case .blob(let bytes): object[key] = ["b", Data(bytes).base64EncodedString()]
            }
        }
        return try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
    }

    static func decode(_ data: Data, what: String) throws -> [String: FieldValue] {
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: [Any]] else {
            throw DataError(.incompatibleStore, "\(what): the stored change payload is not readable")
        }
        var values: [String: FieldValue] = [:]
        for (key, tagged) in object {
            switch (tagged.first as? String, tagged.dropFirst().first) {
            case ("n", _): values[key] = .null
            case ("i", let number as NSNumber): values[key] = .integer(number.int64Value)
            case ("r", let number as NSNumber): values[key] = .real(number.doubleValue)
            case ("t", let text as String): values[key] = .text(text)
            case ("b", let base64 as String):
                guard let bytes = Data(base64Encoded: base64) else { fallthrough }
                values[key] = .blob([UInt8](bytes))
            default:
                throw DataError(.incompatibleStore, "\(what): the stored change payload has an unreadable value for '\(key)'")
            }
        }
        return values
    }
}
