import Crypto
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import StrataCrossCutting
import StrataStore

/// Encrypts value-object fields and journal payloads with the store's data key (kept in the
/// container directory or the session's Secret Service), and makes keyed hashes for equality queries on encrypted keys.
///
/// Two sub-keys are derived from the 32-byte key with HKDF-SHA256: one for AES-256-GCM
/// (info `strata.fields.v1`), one for HMAC-SHA256 (info `strata.hash.v1`). A field value is
/// sealed as a one-byte type tag followed by its bytes (see `FieldValue.taggedBytes`); the
/// stored form is AES-GCM's combined box, `nonce (12) ‖ ciphertext ‖ tag (16)`, with a fresh
/// random nonce each time. Sealed field values and sealed byte payloads are bound to different
/// associated data, so one can never be opened as the other.
///
/// - Important: losing the key (`keys/data.key`, or its entry in the Secret Service; see
///   ``DataKeySource``) loses every encrypted value; it is never recreated over an existing one
///   and never repaired silently.
struct FieldCipher: Sendable {
    private let sealingKey: SymmetricKey
    /// HMAC-SHA256 with the hashing key absorbed: each keyed hash copies it instead of
    /// deriving the key's padded state again (a pull hashes every encrypted key of every object).
    private let hashing: HMAC<SHA256>

    /// The associated data every sealed field value is bound to.
    private static let fieldContext = Data("strata.fields.v1/value".utf8)
    /// The associated data every sealed byte payload (journal, session) is bound to.
    private static let payloadContext = Data("strata.fields.v1/payload".utf8)
    /// How many bytes of the HMAC a keyed hash keeps.
    static let hashByteCount = 16

    /// A cipher whose sub-keys are derived from `keyMaterial` (the key file's bytes).
    init(keyMaterial: [UInt8]) {
        let master = SymmetricKey(data: keyMaterial)
        sealingKey = HKDF<SHA256>.deriveKey(
            inputKeyMaterial: master, info: Data("strata.fields.v1".utf8), outputByteCount: 32)
        let hashingKey = HKDF<SHA256>.deriveKey(
            inputKeyMaterial: master, info: Data("strata.hash.v1".utf8), outputByteCount: 32)
        hashing = HMAC<SHA256>(key: hashingKey)
    }

    /// Where the key lives: `<container>/keys/data.key` (32 random bytes, mode 0600, in a 0700 folder).
    static func keyURL(in container: ContainerDirectory) -> URL {
        container.url.appendingPathComponent("keys", isDirectory: true).appendingPathComponent("data.key")
    }

    /// Loads the key from the container's key file, creating it first when `create` is true and
    /// it does not exist. Returns `nil` when the key does not exist and `create` is false.
    /// (The data layer itself goes through ``DataKeySource``, which may use the Secret Service.)
    ///
    /// Several processes or threads creating the key at once all end up with the same key.
    ///
    /// - Throws: `DataError` `cannotOpen` naming the key file when it is the wrong size,
    ///   may be accessed by group or others (fix with `chmod 600`), or cannot be created or read.
    static func load(from container: ContainerDirectory, create: Bool) throws -> FieldCipher? {
        let url = keyURL(in: container)
        let bytes = create ? try KeyFile.loadOrCreate(at: url) : try KeyFile.load(at: url)
        return bytes.map { FieldCipher(keyMaterial: $0) }
    }

    /// Encrypts a stored value: `.null` stays `.null`; anything else becomes `.blob(sealed box)`.
    ///
    /// - Throws: `DataError` `cannotOpen` when AES-GCM fails (it does not for valid keys).
    func seal(_ value: FieldValue) throws -> FieldValue {
        guard let plaintext = value.taggedBytes else { return .null }
        return .blob(Array(try sealBox(plaintext, context: Self.fieldContext, what: "a field value")))
    }

    /// Decrypts what ``seal(_:)-(FieldValue)`` made back into a value of `type`.
    ///
    /// `what` names the value in errors, e.g. `CaseReport 'abc'.patientName`; it is built only
    /// when one is thrown, not for every field of every row read.
    ///
    /// - Throws: `DataError` `typeMismatch` when `stored` is not a sealed box (not bytes) or
    ///   holds a value of another type; `cannotOpen` when it fails authentication (changed,
    ///   truncated, or sealed with another key) or is malformed.
    func open(_ stored: FieldValue, as type: FieldType, what: @autoclosure () -> String) throws -> FieldValue {
        let box: [UInt8]
        switch stored {
        case .null:
            return .null
        case .blob(let bytes):
            box = bytes
        default:
            throw DataError(
                .typeMismatch,
                "\(what()): the store holds \(stored.kindName) where an encrypted value (bytes) was expected; "
                    + "was the key encrypted after it was written?")
        }
        let plaintext = try openBox(box, context: Self.fieldContext, what: what())
        return try FieldValue.fromTaggedBytes(plaintext, as: type, what: what())
    }

    /// A keyed hash of a value for equality queries: `.null` stays `.null`, else `.blob(16 bytes)`.
    ///
    /// Equal values (of the same kind) have equal hashes under the same key, in every process;
    /// `0.0` and `-0.0` hash alike, as they compare equal. An integer and a real never match.
    func keyedHash(_ value: FieldValue) -> FieldValue {
        let canonical: FieldValue = if case .real(let number) = value, number == 0 { .real(0) } else { value }
        guard let bytes = canonical.taggedBytes else { return .null }
        var mac = hashing
        mac.update(data: bytes)
        let code = mac.finalize()
        return .blob(Array(code.prefix(Self.hashByteCount)))
    }

    /// Encrypts bytes (journal payloads, the session file) into AES-GCM's combined box.
    ///
    /// - Throws: `DataError` `cannotOpen` when AES-GCM fails (it does not for valid keys).
    func seal(_ data: Data) throws -> Data {
        try sealBox(data, context: Self.payloadContext, what: "a payload")
    }

    /// Decrypts what ``seal(_:)-(Data)`` made.
    ///
    /// - Throws: `DataError` `cannotOpen` naming `what` when the box fails authentication
    ///   (changed, truncated, or sealed with another key) or is too short to be a box.
    func open(_ data: Data, what: @autoclosure () -> String) throws -> Data {
        try openBox(data, context: Self.payloadContext, what: what())
    }

    // MARK: - AES-GCM

    /// The smallest combined box: a 12-byte nonce and a 16-byte tag around empty ciphertext.
    private static let minimumBoxSize = 12 + 16

    private func sealBox<Plaintext: DataProtocol>(_ plaintext: Plaintext, context: Data, what: String) throws -> Data {
        do {
            let box = try AES.GCM.seal(plaintext, using: sealingKey, authenticating: context)
            guard let combined = box.combined else {
                throw DataError(.cannotOpen, "cannot encrypt \(what): AES-GCM returned no combined box")
            }
            return combined
        } catch let error as DataError {
            throw error
        } catch {
            throw DataError(.cannotOpen, "cannot encrypt \(what): \(error)")
        }
    }

    private func openBox<Box: DataProtocol>(_ box: Box, context: Data, what: @autoclosure () -> String) throws -> Data {
        guard box.count >= Self.minimumBoxSize else {
            throw DataError(
                .cannotOpen,
                "\(what()): the encrypted value holds \(box.count) bytes, fewer than the \(Self.minimumBoxSize) "
                    + "an AES-GCM box needs; it is damaged or was never encrypted")
        }
        do {
            let sealed = try AES.GCM.SealedBox(combined: box)
            return try AES.GCM.open(sealed, using: sealingKey, authenticating: context)
        } catch {
            throw DataError(
                .cannotOpen,
                "\(what()): the encrypted value fails authentication; it was changed, truncated, "
                    + "or sealed with a different data key than keys/data.key")
        }
    }
}
