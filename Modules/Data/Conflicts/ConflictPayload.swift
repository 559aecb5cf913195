#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import StrataStore
import StrataWire

/// What an overwrite conflict keeps sealed in `_strata_conflicts.payload`: the fields and both
/// sides' values (patient data: never stored in the clear). A field absent from a side was cleared.
struct ConflictPayload: Codable {
    var fields: [String]
    var mine: [String: WireValue]
    var theirs: [String: WireValue]

    /// The sealed JSON.
    func sealed(with cipher: FieldCipher) throws -> Data {
        try cipher.seal(try WireCoding.encoder().encode(self))
    }

    /// A payload from its sealed JSON.
    static func opened(_ sealed: Data, with cipher: FieldCipher, what: String) throws -> ConflictPayload {
        let json = try cipher.open(sealed, what: what)
        do {
            return try WireCoding.decoder().decode(ConflictPayload.self, from: json)
        } catch {
            throw DataError(.incompatibleStore, "\(what): the stored conflict is not readable")
        }
    }

    /// The values of `values` for `fields` only (a field absent, or null, stays absent: cleared).
    static func only(_ fields: [String], of values: [String: FieldValue]) -> [String: FieldValue] {
        var kept: [String: FieldValue] = [:]
        for field in fields {
            if let value = values[field], value != .null { kept[field] = value }
        }
        return kept
    }
}
