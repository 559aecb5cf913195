import Foundation
import StrataCrossCutting
import StrataData
import StrataJournal
import StrataStore
import Testing

/// A patient record whose name is encrypted at rest and goes to the server.
struct Patient: ValueObject, Equatable {
    var objectId: String?
    var name = ""
    var age = 0
    var nickname: String? = nil
    init() {}
    init(name: String, age: Int, nickname: String? = nil) {
        self.name = name
        self.age = age
        self.nickname = nickname
    }
    static let schema = ValueObjectSchema<Patient>(
        "Patient", fields: [.field("name", \.name), .field("age", \.age), .field("nickname", \.nickname)],
        indexed: ["name"],
        behaviour: ValueObjectBehaviour(persistentType: .localAndServer, encrypted: ["name", "nickname"]))
}

/// The same table before its name was encrypted (an older build's definition).
struct PatientPlain: ValueObject {
    var objectId: String?
    var name = ""
    var age = 0
    init() {}
    static let schema = ValueObjectSchema<PatientPlain>(
        "Patient", fields: [.field("name", \.name), .field("age", \.age)], indexed: ["name"], behaviour: .localRows)
}

@Suite("Encrypted properties")
struct EncryptionTests {
    let names = ["Yamada Taro", "Hanako Sato", "Zoë Müller"]

    @Test("no patient name reaches the database file or its WAL in plaintext; the key file is 0600")
    func plaintextNeverReachesTheDisk() async throws {
        let container = temporaryContainer()
        let layer = try await DataLayerFactory.live(container: container, logger: quietLogger)
        try await layer.store.register(Patient.self)
        let saved = try await layer.store.save(names.map { Patient(name: $0, age: 40, nickname: "zqxw \($0)") })
        #expect(try await layer.store.fetch(Patient.self, id: saved[1].objectId!)?.name == "Hanako Sato")
        var files = [container.storeURL]
        let wal = URL(fileURLWithPath: container.storeURL.path + "-wal")
        if FileManager.default.fileExists(atPath: wal.path) { files.append(wal) }
        #expect(files.count == 2, "the WAL should hold the fresh writes")
        for file in files {
            let bytes = try Data(contentsOf: file)
            for name in names {
                #expect(bytes.range(of: Data(name.utf8)) == nil, "\(name) in plaintext in \(file.lastPathComponent)")
                #expect(bytes.range(of: Data("zqxw".utf8)) == nil)
            }
        }
        let keyURL = container.url.appendingPathComponent("keys/data.key")
        let mode = try FileManager.default.attributesOfItem(atPath: keyURL.path)[.posixPermissions] as? NSNumber
        #expect(mode?.int16Value == 0o600)
        // The journal holds the values to send, decrypted on the way out.
        #expect(try await layer.journal.changes(in: [.pending], limit: nil).compactMap { $0.values["name"] }.count == 3)
    }

    @Test("equality on an encrypted key works through the keyed hash; ordering and like are refused")
    func queriesOnEncryptedKeys() async throws {
        let layer = try await DataLayerFactory.live(container: temporaryContainer(), logger: quietLogger)
        try await layer.store.register(Patient.self)
        _ = try await layer.store.save(names.map { Patient(name: $0, age: 40) })
        #expect(try await layer.store.query(Query<Patient>().whereKey("name", .equal, "Hanako Sato")).map(\.name) == ["Hanako Sato"])
        #expect(try await layer.store.count(Query<Patient>().whereKey("name", .notEqual, "Hanako Sato")) == 2)
        #expect(try await layer.store.count(Query<Patient>().whereKey("nickname", .equal, String?.none)) == 3)
        let like = try await #require(throws: DataError.self) {
            try await layer.store.query(Query<Patient>().whereKey("name", .like, "Han%"))
        }
        #expect(like.code == .invalidQuery)
        #expect(like.message.contains("Patient.name is encrypted"))
        let sort = try await #require(throws: DataError.self) { try await layer.store.query(Query<Patient>().sorted(by: "name")) }
        #expect(sort.message.contains("cannot be sorted"))
        let greater = try await #require(throws: DataError.self) {
            try await layer.store.query(Query<Patient>().whereKey("name", .greater, "A"))
        }
        #expect(greater.code == .invalidQuery)
    }

    @Test("a key that becomes encrypted has its stored plaintext sealed in place, and stays readable")
    func becomingEncryptedSealsOldRows() async throws {
        let container = temporaryContainer()
        let old = try await DataLayerFactory.live(container: container, logger: quietLogger).store
        try await old.register(PatientPlain.self)
        var plain = PatientPlain()
        plain.name = "Yamada Taro"
        let saved = try await old.save(plain)

        let new = try await DataLayerFactory.live(container: container, logger: quietLogger).store
        try await new.register(Patient.self)
        #expect(try await new.fetch(Patient.self, id: saved.objectId!)?.name == "Yamada Taro")
        #expect(try await new.count(Query<Patient>().whereKey("name", .equal, "Yamada Taro")) == 1)
        let stored = try SQLiteInspector(container.storeURL).rows("SELECT typeof(name) FROM Patient")
        #expect(stored == [["blob"]])
        // The old index on the plaintext column is gone; lookups use the keyed hash's index.
        let indexes = try SQLiteInspector(container.storeURL).rows("SELECT name FROM pragma_index_list('Patient')").map { $0[0] }
        #expect(!indexes.contains("Patient_by_name"))
        #expect(indexes.contains("Patient_by__h_name"))
    }

    @Test("a lost or replaced key file is refused before anything is sealed with a new key")
    func lostOrReplacedKeyIsRefused() async throws {
        let container = temporaryContainer()
        let writer = try await DataLayerFactory.live(container: container, logger: quietLogger).store
        try await writer.register(Patient.self)
        _ = try await writer.save(Patient(name: "Yamada Taro", age: 40))
        let keyURL = container.url.appendingPathComponent("keys/data.key")
        let original = try Data(contentsOf: keyURL)
        try FileManager.default.removeItem(at: keyURL)
        let missing = try await #require(throws: DataError.self) {
            _ = try await DataLayerFactory.live(container: container, logger: quietLogger)
        }
        #expect(missing.message.contains("is missing") && missing.message.contains(keyURL.path))
        #expect(!FileManager.default.fileExists(atPath: keyURL.path), "no new key may be made over sealed data")

        try Data((0..<32).map { _ in UInt8.random(in: 0...255) }).write(to: keyURL)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: keyURL.path)
        let replaced = try await #require(throws: DataError.self) {
            _ = try await DataLayerFactory.live(container: container, logger: quietLogger)
        }
        #expect(replaced.message.contains("is not the key"))

        try original.write(to: keyURL)
        let restored = try await DataLayerFactory.live(container: container, logger: quietLogger).store
        try await restored.register(Patient.self)
        #expect(try await restored.query(Query<Patient>()).map(\.name) == ["Yamada Taro"])
    }

    @Test("a read-only opener without the key cannot decrypt, and says which key is missing")
    func missingKeyIsAClearError() async throws {
        let container = temporaryContainer()
        let writer = try await DataLayerFactory.live(container: container, logger: quietLogger).store
        try await writer.register(Patient.self)
        _ = try await writer.save(Patient(name: "Yamada Taro", age: 40))
        try FileManager.default.removeItem(at: container.url.appendingPathComponent("keys/data.key"))
        let reader = try #require(try await DataLayerFactory.readOnly(container: container, logger: quietLogger)).store
        try await reader.register(Patient.self)
        #expect(try await reader.count(Query<Patient>()) == 1)
        let error = try await #require(throws: DataError.self) { try await reader.query(Query<Patient>()) }
        #expect(error.message.contains("key"))
    }
}
