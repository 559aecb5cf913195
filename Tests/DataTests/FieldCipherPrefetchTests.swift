import Foundation
import StrataCrossCutting
@testable import StrataData
import StrataStore
import Testing

/// The cipher derived from the key file while the store opens (`FieldCipherPrefetch`): the open
/// takes it only when it was derived from the very bytes the open found, and it never reports,
/// creates or decides anything itself.
@Suite("Field cipher prefetch")
struct FieldCipherPrefetchTests {
    /// A fresh container with a key file made by a first load, and that key's bytes.
    private func containerWithKey() throws -> (container: ContainerDirectory, key: [UInt8]) {
        let container = temporaryContainer()
        _ = try #require(try FieldCipher.load(from: container, create: true))
        let key = try #require(try KeyFile.load(at: FieldCipher.keyURL(in: container)))
        return (container, key)
    }

    @Test("the prefetched cipher is the one the open would derive: same fingerprint, each opens what the other seals")
    func prefetchedCipherMatchesDerivedOne() throws {
        let (container, key) = try containerWithKey()
        let prefetched = FieldCipherPrefetch(keyFile: FieldCipher.keyURL(in: container)).cipher(for: key)
        let derived = FieldCipher(keyMaterial: key)
        #expect(prefetched.key == key)
        #expect(prefetched.fingerprint == derived.fingerprint)
        let sealed = try prefetched.cipher.seal(.text("Hanako Sato"))
        #expect(try derived.open(sealed, as: .text, what: "a name") == .text("Hanako Sato"))
        #expect(prefetched.cipher.keyedHash(.text("x")) == derived.keyedHash(.text("x")))
    }

    @Test("a key file replaced after the prefetch read it: the open gets the cipher of the bytes it found")
    func replacedKeyIsDerivedAgain() throws {
        let (container, first) = try containerWithKey()
        let prefetch = FieldCipherPrefetch(keyFile: FieldCipher.keyURL(in: container))
        #expect(prefetch.cipher(for: first).key == first)  // the prefetch has read the first key
        let second = [UInt8](repeating: 7, count: first.count)
        let answer = prefetch.cipher(for: second)
        #expect(answer.key == second)
        #expect(answer.fingerprint == FieldCipher(keyMaterial: second).fingerprint)
        #expect(answer.fingerprint != FieldCipher(keyMaterial: first).fingerprint)
    }

    @Test("no key file, or one the open would refuse: nothing is prefetched, nothing fails, the open derives its own")
    func unusableKeyFilePrefetchesNothing() throws {
        let key = [UInt8](repeating: 3, count: 32)
        let expected = FieldCipher(keyMaterial: key).fingerprint
        // No file at all (and no folder): the prefetch creates neither.
        let empty = temporaryContainer()
        #expect(FieldCipherPrefetch(keyFile: FieldCipher.keyURL(in: empty)).cipher(for: key).fingerprint == expected)
        #expect(!FileManager.default.fileExists(atPath: FieldCipher.keyURL(in: empty).path))
        // A key file other users may read: the open reports it (KeyFile), the prefetch skips it.
        let (container, onDisk) = try containerWithKey()
        let url = FieldCipher.keyURL(in: container)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: url.path)
        let answer = FieldCipherPrefetch(keyFile: url).cipher(for: onDisk)
        #expect(answer.fingerprint == FieldCipher(keyMaterial: onDisk).fingerprint)
        #expect(try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int == 0o644)
    }
}
