#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import StrataCrossCutting

/// The store's cipher derived ahead of need from the container's key file, on a thread of its
/// own, while the store opens on its queue (issue 29: a one-shot command's start).
///
/// Deriving the cipher (two HKDF sub-keys, the hashing key's HMAC state, the fingerprint) is a
/// process's first use of the crypto library's types: about 0.6 ms of a command's 18, which
/// the store's queue used to spend after SQLite's open and format check, one after the other.
/// The prefetch spends it on the other core meanwhile.
///
/// It only reads: no key is created, no error is reported, no place is decided. The open looks
/// for the key as before (``DataKeySource``, which may find it in the Secret Service instead,
/// or report a key file that is not owner-only) and takes the prefetched cipher only when it
/// was derived from the very bytes the open found; anything else is derived again there.
struct FieldCipherPrefetch: Sendable {
    /// A key and what the open needs of it.
    struct Derived: Sendable {
        /// The key file's bytes.
        let key: [UInt8]
        /// The cipher derived from them.
        let cipher: FieldCipher
        /// ``FieldCipher/fingerprint``, which the open compares with the store's.
        let fingerprint: String
    }

    /// The derivation, running on `BlockingLane.shared` (its result `nil` when the file is not
    /// there or not a key the open would take).
    private let work: Task<Derived?, Never>

    /// Starts reading the key file at `keyFile` and deriving its cipher on a thread of its own
    /// (the shared lane's: it needs no thread of the cooperative pool, so a wait for it cannot
    /// wait for a busy pool).
    init(keyFile: URL) {
        work = Task(executorPreference: BlockingLane.shared) { Self.derive(keyFile) }
    }

    /// The cipher for `key` and its fingerprint: the prefetched ones when they were derived
    /// from `key`, else new ones. Blocks the calling thread (the store's queue, opening it)
    /// until the prefetch has ended, which is never longer than deriving here would take.
    @available(*, noasync, message: "blocks its thread until the prefetch ends")
    func cipher(for key: [UInt8]) -> Derived {
        let work = work
        if let derived = BlockingLane.wait(for: { await work.value }), derived.key == key {
            return derived
        }
        return Self.derived(from: key)
    }

    /// The cipher derived from the key file at `keyFile`, or `nil` when there is none the
    /// open would take (``KeyFile/load(at:)`` throws or finds nothing).
    private static func derive(_ keyFile: URL) -> Derived? {
        guard let key = try? KeyFile.load(at: keyFile) else { return nil }
        return derived(from: key)
    }

    /// `key`'s cipher and fingerprint.
    static func derived(from key: [UInt8]) -> Derived {
        let cipher = FieldCipher(keyMaterial: key)
        return Derived(key: key, cipher: cipher, fingerprint: cipher.fingerprint)
    }
}
