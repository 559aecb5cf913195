#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import StrataStore
import StrataWire

/// Encodes a change's values as JSON with each value tagged by its kind, so integers and
/// reals, text and blobs survive the round trip exactly: `{"age": ["i", 44], "memo": ["t", "…"]}`.
///
/// It is the wire's own form of values (``WireJSON``), written and read by hand: every save of
/// a synced type and every change pushed goes through here.
///
/// An update's changed fields (`Change/fields`) ride in the same object under
/// ``fieldsKey``, a key no value object can have (keys starting with `_` are Strata's), as
/// text listing the keys comma-separated (keys are ASCII identifiers): the journal's table
/// keeps its columns and a store of an earlier build reads as before (no key: the whole object).
enum PayloadCodec {
    /// The payload key holding an update's changed fields.
    static let fieldsKey = "_strata_fields"

    static func encode(_ values: [String: FieldValue], fields: [String]? = nil) throws -> Data {
        var values = values
        if let fields { values[fieldsKey] = .text(fields.joined(separator: ",")) }
        guard let bytes = WireJSON.values(values.mapValues(\.wireValue)) else {
            let key = values.first { if case .real(let number) = $0.value { !number.isFinite } else { false } }?.key ?? "?"
            throw DataError(
                .typeMismatch, "the value of '\(key)' is not a finite number; a synced type's reals must be finite (JSON has no NaN or infinity)")
        }
        return Data(bytes)
    }

    static func decode(_ data: Data, what: String) throws -> [String: FieldValue] {
        try decodeChange(data, what: what).values
    }

    /// The values and, when the payload names them, the changed fields.
    static func decodeChange(_ data: Data, what: String) throws -> (values: [String: FieldValue], fields: [String]?) {
        var reader = WireJSONReader(bytes: [UInt8](data))
        guard var values = reader.readValues() else {
            throw DataError(.incompatibleStore, "\(what): the stored change payload is not readable (\(reader.problem))")
        }
        var fields: [String]?
        if let listed = values.removeValue(forKey: fieldsKey) {
            guard case .text(let text) = listed else {
                throw DataError(.incompatibleStore, "\(what): the stored change's \(fieldsKey) is not text")
            }
            fields = text.isEmpty ? [] : text.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        }
        return (values.mapValues(FieldValue.init(wire:)), fields)
    }

    /// The keys of `first` then those of `second` not in it: two updates' fields folded into
    /// one; `nil` (the whole object) when either is.
    static func union(_ first: [String]?, _ second: [String]?) -> [String]? {
        guard let first, let second else { return nil }
        return first + second.filter { !first.contains($0) }
    }
}
