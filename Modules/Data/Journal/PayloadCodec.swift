#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import StrataWire

/// Encodes a change's values as JSON with each value tagged by its kind, so integers and
/// reals, text and blobs survive the round trip exactly: `{"age": ["i", 44], "memo": ["t", "…"]}`.
///
/// It is the wire's own form of values (``WireJSON``), written and read by hand: every save of
/// a synced type and every change pushed goes through here.
enum PayloadCodec {
    static func encode(_ values: [String: FieldValue]) throws -> Data {
        guard let bytes = WireJSON.values(values.mapValues(\.wireValue)) else {
            let key = values.first { if case .real(let number) = $0.value { !number.isFinite } else { false } }?.key ?? "?"
            throw DataError(
                .typeMismatch, "the value of '\(key)' is not a finite number; a synced type's reals must be finite (JSON has no NaN or infinity)")
        }
        return Data(bytes)
    }

    static func decode(_ data: Data, what: String) throws -> [String: FieldValue] {
        var reader = WireJSONReader(bytes: [UInt8](data))
        guard let values = reader.readValues() else {
            throw DataError(.incompatibleStore, "\(what): the stored change payload is not readable (\(reader.problem))")
        }
        return values.mapValues(FieldValue.init(wire:))
    }
}
