import StrataStore

extension FieldCipher {
    /// A fingerprint of the key (a keyed hash of a fixed label): recorded in the store, so a
    /// replaced or lost key file is noticed before any value is sealed with the wrong key.
    var fingerprint: String {
        guard case .blob(let bytes) = keyedHash(.text("strata.key.fingerprint.v1")) else { return "" }
        return bytes.map { byte in
            let digits = String(byte, radix: 16)
            return digits.count == 1 ? "0" + digits : digits
        }.joined()
    }
}
