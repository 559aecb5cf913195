import Foundation
import StrataCrossCutting
import StrataData
import StrataMaintenance
import StrataSession
import StrataStore
import Synchronization
import Testing

/// Where the data key lives (the key file or the session's keyring, a `DataKeyStore` the
/// composition root passes to `DataLayerFactory`) and `store key --to`'s move between them,
/// with a keyring double through the factory: the real Secret Service is in
/// `SecretServiceKeyTests` (integration).
@Suite("The data key's place: key file or keyring")
struct DataKeyPlaceTests {
    /// A keyring double: keeps the key in memory; each failure mode is switched on by the test.
    final class KeyringDouble: DataKeyStore {
        enum Failure: Sendable { case unreachable, saveFails, readsBackOther, deleteFails }
        private let held = Mutex<[UInt8]?>(nil)
        private let failures = Mutex<Set<Failure>>([])
        let calls = Mutex<[String]>([])

        init(_ failures: Set<Failure> = []) { self.failures.withLock { $0 = failures } }

        var kind: DataKeyKind { .secretService }
        var location: String { "the keyring double" }
        var key: [UInt8]? { held.withLock { $0 } }
        func fail(_ set: Set<Failure>) { failures.withLock { $0 = set } }
        private func failing(_ failure: Failure) -> Bool { failures.withLock { $0.contains(failure) } }

        func load() throws -> [UInt8]? {
            calls.withLock { $0.append("load") }
            if failing(.unreachable) { throw DataError(.keyringUnavailable, "no Secret Service answers (double)") }
            if failing(.readsBackOther), held.withLock({ $0 }) != nil { return [UInt8](repeating: 7, count: 32) }
            return held.withLock { $0 }
        }

        func save(_ key: [UInt8]) throws {
            calls.withLock { $0.append("save") }
            if failing(.unreachable) { throw DataError(.keyringUnavailable, "no Secret Service answers (double)") }
            if failing(.saveFails) { throw DataError(.keyringUnavailable, "the keyring is locked (double)") }
            held.withLock { $0 = key }
        }

        func delete() throws {
            calls.withLock { $0.append("delete") }
            if failing(.deleteFails) { throw DataError(.keyringUnavailable, "the keyring refused the removal (double)") }
            held.withLock { $0 = nil }
        }
    }

    /// `store` as the composition root would pass it (``DataKeyPlace/auto``), or no keyring at all.
    private func ring(_ store: (any DataKeyStore)?) -> DataKeyring? {
        store.map { DataKeyring(store: $0) }
    }

    private func keyFile(_ container: ContainerDirectory) -> URL {
        container.url.appendingPathComponent("keys/data.key")
    }

    /// Opens the store with `keyring`, saves a patient, and returns its id.
    private func writePatient(_ container: ContainerDirectory, keyring: (any DataKeyStore)?) async throws -> String {
        let layer = try await DataLayerFactory.live(container: container, logger: quietLogger, keyring: ring(keyring))
        try await layer.store.register(Patient.self)
        let saved = try await layer.store.save([Patient(name: "Oriel Kanzaki", age: 52)])
        return try #require(saved.first?.objectId)
    }

    /// Opens the store with `keyring` and reads the patient's encrypted name back.
    private func readName(_ container: ContainerDirectory, id: String, keyring: (any DataKeyStore)?) async throws -> String? {
        let layer = try await DataLayerFactory.live(container: container, logger: quietLogger, keyring: ring(keyring))
        try await layer.store.register(Patient.self)
        return try await layer.store.fetch(Patient.self, id: id)?.name
    }

    @Test("a new store's key goes to the keyring when it answers: no key file, and a later open reads the names")
    func newStoreKeyGoesToTheKeyring() async throws {
        let container = temporaryContainer()
        let keyring = KeyringDouble()
        let id = try await writePatient(container, keyring: keyring)
        #expect(keyring.key?.count == 32)
        #expect(!FileManager.default.fileExists(atPath: keyFile(container).path))
        #expect(try await readName(container, id: id, keyring: keyring) == "Oriel Kanzaki")
        let report = try await DataLayerFactory.maintenance(container: container, logger: quietLogger, keyring: ring(keyring)).dataKey()
        #expect(report.kind == .secretService && report.location == "the keyring double" && report.ignoredCopy == nil)
    }

    @Test("eight openers creating one store at once with a keyring all end up with one key, and no key file")
    func concurrentCreationMakesOneKey() async throws {
        let container = temporaryContainer()
        let keyring = KeyringDouble()
        let ids = try await withThrowingTaskGroup(of: String.self) { group in
            for _ in 0..<8 { group.addTask { try await writePatient(container, keyring: keyring) } }
            return try await group.reduce(into: [String]()) { $0.append($1) }
        }
        #expect(keyring.key != nil && !FileManager.default.fileExists(atPath: keyFile(container).path))
        #expect(keyring.calls.withLock { $0.filter { $0 == "save" } }.count == 1, "one key made: \(keyring.calls.withLock { $0 })")
        for id in ids { #expect(try await readName(container, id: id, keyring: keyring) == "Oriel Kanzaki") }
    }

    @Test("a keyring that does not answer leaves the new key in the 0600 file, as without one")
    func unreachableKeyringUsesTheFile() async throws {
        let container = temporaryContainer()
        let keyring = KeyringDouble([.unreachable])
        let id = try await writePatient(container, keyring: keyring)
        #expect(FileManager.default.fileExists(atPath: keyFile(container).path))
        #expect(try await readName(container, id: id, keyring: nil) == "Oriel Kanzaki")
        let report = try await DataLayerFactory.maintenance(container: container, logger: quietLogger, keyring: ring(keyring)).dataKey()
        #expect(report.kind == .file && report.keyringProblem?.contains("no Secret Service answers") == true, "\(report)")
    }

    @Test("a store whose key is in a keyring that stops answering is refused (keyringUnavailable); no new key file is made")
    func keyringDownNeverMakesANewKey() async throws {
        let container = temporaryContainer()
        let keyring = KeyringDouble()
        let id = try await writePatient(container, keyring: keyring)
        keyring.fail([.unreachable])
        let error = try await #require(throws: DataError.self) {
            try await DataLayerFactory.live(container: container, logger: quietLogger, keyring: ring(keyring))
        }
        #expect(error.code == .keyringUnavailable && error.message.contains("did not answer"), "\(error)")
        let without = try await #require(throws: DataError.self) {
            try await DataLayerFactory.live(container: container, logger: quietLogger)
        }
        // Not "missing": kept in a keyring this process does not ask, and says why.
        #expect(
            without.code == .keyringUnavailable && without.message.contains("DBUS_SESSION_BUS_ADDRESS")
                && without.message.contains("kept in the Secret Service"), "\(without)")
        #expect(!FileManager.default.fileExists(atPath: keyFile(container).path))
        keyring.fail([])
        #expect(try await readName(container, id: id, keyring: keyring) == "Oriel Kanzaki")
    }

    @Test("a key already in the file stays there when a keyring appears: no silent migration, the keyring is not asked")
    func fileKeyIsNotMigrated() async throws {
        let container = temporaryContainer()
        let id = try await writePatient(container, keyring: nil)
        let keyring = KeyringDouble()
        #expect(try await readName(container, id: id, keyring: keyring) == "Oriel Kanzaki")
        #expect(keyring.key == nil && keyring.calls.withLock { $0 }.isEmpty)
        #expect(FileManager.default.fileExists(atPath: keyFile(container).path))
    }

    @Test("the key moves to the keyring and back: each time the old place is emptied and the names stay readable")
    func moveThereAndBack() async throws {
        let container = temporaryContainer()
        let id = try await writePatient(container, keyring: nil)
        let keyring = KeyringDouble()
        let maintenance = DataLayerFactory.maintenance(container: container, logger: quietLogger, keyring: ring(keyring))

        let there = try await maintenance.moveKey(to: .secretService)
        #expect(there.kind == .secretService && there.moved, "\(there)")
        #expect(!FileManager.default.fileExists(atPath: keyFile(container).path))
        #expect(try await readName(container, id: id, keyring: keyring) == "Oriel Kanzaki")
        let again = try await maintenance.moveKey(to: .secretService)
        #expect(again.kind == .secretService && !again.moved, "moving to where it is changes nothing: \(again)")

        let back = try await maintenance.moveKey(to: .file)
        #expect(back.kind == .file && back.moved && keyring.key == nil, "\(back)")
        let mode = try FileManager.default.attributesOfItem(atPath: keyFile(container).path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        #expect(try await readName(container, id: id, keyring: nil) == "Oriel Kanzaki")
    }

    @Test(
        "a move that fails midway never loses the key: it stays in the file, the store reads as before",
        arguments: [KeyringDouble.Failure.saveFails, .readsBackOther, .unreachable])
    func failedMoveKeepsTheFile(_ failure: KeyringDouble.Failure) async throws {
        let container = temporaryContainer()
        let id = try await writePatient(container, keyring: nil)
        let before = try Data(contentsOf: keyFile(container))
        let keyring = KeyringDouble([failure])
        let maintenance = DataLayerFactory.maintenance(container: container, logger: quietLogger, keyring: ring(keyring))
        let error = try await #require(throws: DataError.self) { try await maintenance.moveKey(to: .secretService) }
        #expect(error.message.contains("nothing was changed") || error.message.contains("the key stays in"), "\(error)")
        #expect(try Data(contentsOf: keyFile(container)) == before, "the key file must be untouched")
        keyring.fail([])
        #expect(keyring.key == nil, "what the failed move wrote is removed again")
        if failure != .readsBackOther {
            // A write the keyring refused wrote nothing: removing would take what it held.
            #expect(!keyring.calls.withLock { $0 }.contains("delete"), "\(keyring.calls.withLock { $0 })")
        }
        #expect(try await readName(container, id: id, keyring: keyring) == "Oriel Kanzaki")
    }

    @Test("a store whose key is in the Secret Service, looked at with no keyring, says the keyring did not answer, never 'no key yet'")
    func keyInUnansweredKeyring() async throws {
        let container = temporaryContainer()
        _ = try await writePatient(container, keyring: KeyringDouble())
        let maintenance = DataLayerFactory.maintenance(container: container, logger: quietLogger)
        let shown = try await #require(throws: DataError.self) { try await maintenance.dataKey() }
        #expect(shown.code == .keyringUnavailable && shown.message.contains("kept in the Secret Service"), "\(shown)")
        let moved = try await #require(throws: DataError.self) { try await maintenance.moveKey(to: .file) }
        #expect(moved.code == .keyringUnavailable, "\(moved)")
        #expect(!FileManager.default.fileExists(atPath: keyFile(container).path), "no key file was made")
    }

    @Test("a move back whose keyring removal fails keeps the key in both places; the file wins and a second move finishes")
    func failedRemovalKeepsBoth() async throws {
        let container = temporaryContainer()
        let keyring = KeyringDouble()
        let id = try await writePatient(container, keyring: keyring)
        keyring.fail([.deleteFails])
        let maintenance = DataLayerFactory.maintenance(container: container, logger: quietLogger, keyring: ring(keyring))
        let error = try await #require(throws: DataError.self) { try await maintenance.moveKey(to: .file) }
        #expect(error.message.contains("both hold it"), "\(error)")
        #expect(keyring.key != nil && FileManager.default.fileExists(atPath: keyFile(container).path))
        #expect(try await readName(container, id: id, keyring: keyring) == "Oriel Kanzaki")
        let report = try await maintenance.dataKey()
        #expect(report.kind == .file && report.ignoredCopy == "the keyring double", "\(report)")

        keyring.fail([])
        let finished = try await maintenance.moveKey(to: .file)
        #expect(finished.kind == .file && finished.moved && keyring.key == nil, "\(finished)")
    }

    @Test("moving to the Secret Service without a keyring is keyringUnavailable and changes nothing")
    func noKeyringIsUnavailable() async throws {
        let container = temporaryContainer()
        _ = try await writePatient(container, keyring: nil)
        let maintenance = DataLayerFactory.maintenance(container: container, logger: quietLogger)
        let error = try await #require(throws: DataError.self) { try await maintenance.moveKey(to: .secretService) }
        #expect(error.code == .keyringUnavailable && error.message.contains("DBUS_SESSION_BUS_ADDRESS"), "\(error)")
        #expect(FileManager.default.fileExists(atPath: keyFile(container).path))
    }

    @Test("a keyring holding a different key than the file is refused, and both are left as they are")
    func differentKeyIsRefused() async throws {
        let container = temporaryContainer()
        _ = try await writePatient(container, keyring: nil)
        let keyring = KeyringDouble()
        try keyring.save([UInt8](repeating: 9, count: 32))
        let maintenance = DataLayerFactory.maintenance(container: container, logger: quietLogger, keyring: ring(keyring))
        let error = try await #require(throws: DataError.self) { try await maintenance.moveKey(to: .secretService) }
        #expect(error.message.contains("different data key"), "\(error)")
        #expect(keyring.key == [UInt8](repeating: 9, count: 32))
        #expect(FileManager.default.fileExists(atPath: keyFile(container).path))
    }

    @Test("a reader without a keyring (strata-status) takes a store whose key is in the Secret Service as having its key")
    func statusReaderWithoutKeyring() async throws {
        let container = temporaryContainer()
        let keyring = KeyringDouble()
        _ = try await writePatient(container, keyring: keyring)
        let reader = try await DataLayerFactory.readOnly(container: container, logger: quietLogger, requireKey: true)
        try await reader?.store.register(Patient.self)
        #expect(try await reader?.store.count(Query<Patient>()) == 1)

        // The same store with its key moved back to the file, then lost: refused, naming the file.
        _ = try await DataLayerFactory.maintenance(container: container, logger: quietLogger, keyring: ring(keyring)).moveKey(to: .file)
        try FileManager.default.removeItem(at: keyFile(container))
        let error = try await #require(throws: DataError.self) {
            try await DataLayerFactory.readOnly(container: container, logger: quietLogger, requireKey: true)
        }
        #expect(error.message.contains(keyFile(container).path) && error.message.contains("missing"), "\(error)")
    }
}
