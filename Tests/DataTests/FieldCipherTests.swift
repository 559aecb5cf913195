import Dispatch
import Foundation
import StrataCrossCutting
@testable import StrataData
import StrataStore
import Synchronization
import Testing

/// The field cipher (internal to StrataData): the key file on disk, AES-GCM sealing of field
/// values and payloads, and keyed hashes for equality queries on encrypted keys.
@Suite("Field cipher")
struct FieldCipherTests {
    /// A cipher with a freshly created key in a fresh temp container.
    private func makeCipher(_ container: ContainerDirectory = temporaryContainer()) throws -> FieldCipher {
        try #require(try FieldCipher.load(from: container, create: true))
    }

    /// The key file of a fresh container, created by a first load.
    private func createdKey() throws -> (container: ContainerDirectory, key: URL) {
        let container = temporaryContainer()
        _ = try makeCipher(container)
        return (container, FieldCipher.keyURL(in: container))
    }

    private func permissions(_ url: URL) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
        return try #require(attributes[.posixPermissions] as? Int)
    }

    private func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        guard !needle.isEmpty, haystack.count >= needle.count else { return needle.isEmpty }
        return (0...(haystack.count - needle.count)).contains { haystack[$0..<($0 + needle.count)].elementsEqual(needle) }
    }

    // MARK: - Field values

    @Test("every kind of field value comes back from seal and open unchanged")
    func everyKindRoundTrips() async throws {
        let cipher = try makeCipher()
        let cases: [(FieldValue, FieldType)] = [
            (.integer(0), .integer), (.integer(-42), .integer), (.integer(.max), .integer), (.integer(.min), .integer),
            (.integer(1), .bool), (.integer(0), .bool),
            (.real(1.5), .real), (.real(-0.0), .real), (.real(.infinity), .real), (.real(.leastNonzeroMagnitude), .real),
            (.real(1_700_000_000.25), .date),
            (.text(""), .text), (.text("Ana María Łukasiewicz 患者 🩺"), .text),
            (.blob([]), .blob), (.blob([0, 1, 2, 255]), .blob),
        ]
        for (value, type) in cases {
            let sealed = try cipher.seal(value)
            guard case .blob = sealed else {
                Issue.record("\(value) sealed as \(sealed), expected bytes")
                continue
            }
            let opened = try cipher.open(sealed, as: type, what: "Sample 'x'.field")
            #expect(opened == value, "\(value) as \(type)")
        }
        // -0.0 == 0.0, so check the sign survived too.
        guard case .real(let zero) = try cipher.open(try cipher.seal(.real(-0.0)), as: .real, what: "zero") else {
            Issue.record("-0.0 did not open as a real")
            return
        }
        #expect(zero.sign == .minus)
        guard case .real(let nan) = try cipher.open(try cipher.seal(.real(.nan)), as: .real, what: "nan") else {
            Issue.record("NaN did not open as a real")
            return
        }
        #expect(nan.isNaN)
    }

    @Test("null stays null: it is neither encrypted nor hashed")
    func nullStaysNull() async throws {
        let cipher = try makeCipher()
        #expect(try cipher.seal(FieldValue.null) == .null)
        #expect(try cipher.open(.null, as: .text, what: "Sample 'x'.note") == .null)
        #expect(cipher.keyedHash(.null) == .null)
    }

    @Test("a sealed value opened as another type is a type mismatch naming the value")
    func wrongTypeTagIsRefused() async throws {
        let cipher = try makeCipher()
        let sealed = try cipher.seal(.text("Ana"))
        let error = try #require(throws: DataError.self) {
            try cipher.open(sealed, as: .integer, what: "CaseReport 'abc'.patientName")
        }
        #expect(error.code == .typeMismatch)
        #expect(error.message.contains("CaseReport 'abc'.patientName"))
        #expect(error.message.contains("integer"))
        #expect(!error.message.contains("Ana"))
        // Bool and date share their storage with integer and real.
        #expect(try cipher.open(try cipher.seal(.integer(1)), as: .bool, what: "flag") == .integer(1))
        #expect(throws: DataError.self) { try cipher.open(try cipher.seal(.real(1)), as: .integer, what: "count") }
        #expect(throws: DataError.self) { try cipher.open(try cipher.seal(.blob([1])), as: .text, what: "name") }
    }

    @Test("a stored value that is not a sealed box is a clear error, never a crash")
    func plaintextStoredValueIsRefused() async throws {
        let cipher = try makeCipher()
        let text = try #require(throws: DataError.self) {
            try cipher.open(.text("Ana Plain"), as: .text, what: "CaseReport 'abc'.patientName")
        }
        #expect(text.code == .typeMismatch)
        #expect(text.message.contains("CaseReport 'abc'.patientName"))
        #expect(!text.message.contains("Ana Plain"))
        let short = try #require(throws: DataError.self) { try cipher.open(.blob([1, 2, 3]), as: .text, what: "short") }
        #expect(short.code == .cannotOpen)
        #expect(short.message.contains("short"))
    }

    @Test("a changed, truncated or foreign ciphertext fails authentication with a clear error")
    func tamperedCiphertextIsRefused() async throws {
        let cipher = try makeCipher()
        guard case .blob(let box) = try cipher.seal(.text("Ana")) else {
            Issue.record("sealing did not give bytes")
            return
        }
        for index in [0, 12, box.count / 2, box.count - 1] {
            var tampered = box
            tampered[index] ^= 0x01
            let error = try #require(throws: DataError.self) {
                try cipher.open(.blob(tampered), as: .text, what: "CaseReport 'abc'.patientName")
            }
            #expect(error.code == .cannotOpen, "byte \(index)")
            #expect(error.message.contains("CaseReport 'abc'.patientName"))
            #expect(error.message.contains("authentication"))
        }
        #expect(throws: DataError.self) { try cipher.open(.blob(Array(box.dropLast())), as: .text, what: "cut") }
        let other = try makeCipher()
        let foreign = try #require(throws: DataError.self) { try other.open(.blob(box), as: .text, what: "foreign") }
        #expect(foreign.code == .cannotOpen)
    }

    @Test("sealing the same value twice gives different bytes, but its keyed hash is the same")
    func nonceIsRandomHashIsStable() async throws {
        let cipher = try makeCipher()
        let value = FieldValue.text("Ana María")
        #expect(try cipher.seal(value) != cipher.seal(value))
        #expect(cipher.keyedHash(value) == cipher.keyedHash(value))
        guard case .blob(let hash) = cipher.keyedHash(value) else {
            Issue.record("keyed hash is not bytes")
            return
        }
        #expect(hash.count == 16)
        #expect(cipher.keyedHash(.text("Ana Maria")) != cipher.keyedHash(value))
        #expect(cipher.keyedHash(.integer(1)) != cipher.keyedHash(.real(1)))
        #expect(cipher.keyedHash(.real(0)) == cipher.keyedHash(.real(-0.0)))
        // The hash is keyed: another key hashes the same value differently.
        #expect(try makeCipher().keyedHash(value) != cipher.keyedHash(value))
    }

    @Test("the sealed bytes of a field value or payload never contain its plaintext")
    func sealedBytesHideThePlaintext() async throws {
        let cipher = try makeCipher()
        let name = "Josefina Patient-Name"
        guard case .blob(let box) = try cipher.seal(.text(name)) else {
            Issue.record("sealing did not give bytes")
            return
        }
        #expect(!contains(box, Array(name.utf8)))
        #expect(!contains(box, Array("Josefina".utf8)))
        let payload = Data(#"{"patientName":"Josefina Patient-Name"}"#.utf8)
        let sealed = try cipher.seal(payload)
        #expect(!contains(Array(sealed), Array("Josefina".utf8)))
        #expect(sealed.count == payload.count + 28)
    }

    // MARK: - Payloads

    @Test("payloads round-trip, and a tampered payload is a clear error naming it")
    func payloadsRoundTrip() async throws {
        let cipher = try makeCipher()
        for payload in [Data(), Data("token=abc".utf8), Data((0..<4096).map { UInt8(truncatingIfNeeded: $0) })] {
            #expect(try cipher.open(cipher.seal(payload), what: "the session file") == payload)
        }
        var sealed = try cipher.seal(Data("token=abc".utf8))
        sealed[sealed.startIndex + 20] ^= 0x80
        let error = try #require(throws: DataError.self) { try cipher.open(sealed, what: "journal entry 7") }
        #expect(error.code == .cannotOpen)
        #expect(error.message.contains("journal entry 7"))
    }

    @Test("a sealed field value cannot be opened as a payload, nor a payload as a field value")
    func fieldsAndPayloadsAreSeparate() async throws {
        let cipher = try makeCipher()
        guard case .blob(let box) = try cipher.seal(.blob([1, 2, 3])) else {
            Issue.record("sealing did not give bytes")
            return
        }
        #expect(throws: DataError.self) { try cipher.open(Data(box), what: "payload") }
        let payload = try cipher.seal(Data([FieldValueTag.blob.rawValue, 1, 2, 3]))
        #expect(throws: DataError.self) { try cipher.open(.blob(Array(payload)), as: .blob, what: "field") }
    }

    // MARK: - The key file

    @Test("the key is 32 bytes in a 0600 file inside a 0700 keys folder")
    func keyFileIsOwnerOnly() async throws {
        let (_, key) = try createdKey()
        #expect(key.lastPathComponent == "data.key")
        #expect(key.deletingLastPathComponent().lastPathComponent == "keys")
        #expect(try permissions(key) == 0o600)
        #expect(try permissions(key.deletingLastPathComponent()) == 0o700)
        #expect(try Data(contentsOf: key).count == 32)
        // Nothing but the key is left in the folder (no temporary files).
        #expect(try FileManager.default.contentsOfDirectory(atPath: key.deletingLastPathComponent().path) == ["data.key"])
    }

    @Test("two loads of one container share one key")
    func loadsShareTheKey() async throws {
        let container = temporaryContainer()
        let first = try makeCipher(container)
        let bytes = try Data(contentsOf: FieldCipher.keyURL(in: container))
        let second = try makeCipher(container)
        let reader = try #require(try FieldCipher.load(from: container, create: false))
        #expect(try Data(contentsOf: FieldCipher.keyURL(in: container)) == bytes)
        let sealed = try first.seal(.text("Ana"))
        #expect(try second.open(sealed, as: .text, what: "x") == .text("Ana"))
        #expect(try reader.open(sealed, as: .text, what: "x") == .text("Ana"))
        #expect(reader.keyedHash(.text("Ana")) == first.keyedHash(.text("Ana")))
    }

    @Test("threads creating the key of a fresh container at once all end up with one key")
    func concurrentCreationMakesOneKey() async throws {
        for _ in 0..<20 {
            let container = temporaryContainer()
            let results = Mutex<[Result<FieldValue, any Error>]>([])
            DispatchQueue.concurrentPerform(iterations: 8) { index in
                let result = Result<FieldValue, any Error> {
                    let cipher = try #require(try FieldCipher.load(from: container, create: true))
                    return try cipher.seal(.integer(Int64(index)))
                }
                results.withLock { $0.append(result) }
            }
            let sealed = try results.withLock { list in try list.map { try $0.get() } }
            #expect(sealed.count == 8)
            let cipher = try #require(try FieldCipher.load(from: container, create: false))
            let opened = try Set(sealed.map { try cipher.open($0, as: .integer, what: "thread value") })
            #expect(opened == Set((0..<8).map { FieldValue.integer(Int64($0)) }))
            let keys = FieldCipher.keyURL(in: container).deletingLastPathComponent()
            #expect(try FileManager.default.contentsOfDirectory(atPath: keys.path) == ["data.key"])
        }
    }

    @Test("loading without create returns nil when there is no key, and creates nothing")
    func missingKeyWithoutCreateIsNil() async throws {
        let container = temporaryContainer()
        #expect(try FieldCipher.load(from: container, create: false) == nil)
        #expect(!container.exists)
        try container.prepare()
        #expect(try FieldCipher.load(from: container, create: false) == nil)
        #expect(!FileManager.default.fileExists(atPath: FieldCipher.keyURL(in: container).path))
    }

    @Test("a key file others may read is refused with the path and the chmod to run, and left alone")
    func tooOpenKeyIsAClearError() async throws {
        for mode in [0o644, 0o640, 0o604, 0o660] {
            let (container, key) = try createdKey()
            try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: key.path)
            for create in [false, true] {
                let error = try #require(throws: DataError.self) { try FieldCipher.load(from: container, create: create) }
                #expect(error.code == .cannotOpen)
                #expect(error.message.contains(key.path))
                #expect(error.message.contains("chmod 600"))
            }
            #expect(try permissions(key) == mode)
        }
    }

    @Test("a key file of the wrong size is refused with the path and the size expected, and left alone")
    func wrongSizeKeyIsAClearError() async throws {
        for size in [0, 16, 31, 33, 64] {
            let (container, key) = try createdKey()
            try Data(repeating: 7, count: size).write(to: key)
            try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: key.path)
            for create in [false, true] {
                let error = try #require(throws: DataError.self) { try FieldCipher.load(from: container, create: create) }
                #expect(error.code == .cannotOpen)
                #expect(error.message.contains(key.path))
                #expect(error.message.contains("32"))
            }
            #expect(try Data(contentsOf: key).count == size)
        }
    }
}
