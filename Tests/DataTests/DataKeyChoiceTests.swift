import Foundation
import StrataCrossCutting
import StrataData
import StrataMaintenance
import StrataSession
import StrataStore
import Synchronization
import Testing

/// The user's choice of place for the data key (`STRATA_KEY_PLACE`: auto, file,
/// secret-service) and the fall-back to the key file when the keyring refuses a new store's
/// key, through `DataLayerFactory` with the keyring double of ``DataKeyPlaceTests``. The real
/// keyrings (no login collection, a locked one) are in `SecretServiceFallBackTests`.
@Suite("The data key's place as the user chose it, and the fall-back to the key file")
struct DataKeyChoiceTests {
    typealias KeyringDouble = DataKeyPlaceTests.KeyringDouble

    /// Every fall-back said, as (reason, key file).
    final class Notices: Sendable {
        let said = Mutex<[(reason: String, keyFile: String)]>([])
        var count: Int { said.withLock { $0.count } }
        var first: (reason: String, keyFile: String)? { said.withLock { $0.first } }

        func ring(_ place: DataKeyPlace, _ store: (any DataKeyStore)?, absence: String = DataKeyring.noSessionBus) -> DataKeyring {
            DataKeyring(place: place, store: store, absence: absence) { reason, keyFile in
                self.said.withLock { $0.append((reason, keyFile)) }
            }
        }
    }

    private func keyFile(_ container: ContainerDirectory) -> URL {
        container.url.appendingPathComponent("keys/data.key")
    }

    /// Opens the store with `keyring`, saves a patient, and returns its id.
    private func writePatient(_ container: ContainerDirectory, _ keyring: DataKeyring?) async throws -> String {
        let layer = try await DataLayerFactory.live(container: container, logger: quietLogger, keyring: keyring)
        try await layer.store.register(Patient.self)
        let saved = try await layer.store.save([Patient(name: "Wendeline Oya", age: 47)])
        return try #require(saved.first?.objectId)
    }

    /// Opens the store with `keyring` and reads the patient's encrypted name back.
    private func readName(_ container: ContainerDirectory, id: String, _ keyring: DataKeyring?) async throws -> String? {
        let layer = try await DataLayerFactory.live(container: container, logger: quietLogger, keyring: keyring)
        try await layer.store.register(Patient.self)
        return try await layer.store.fetch(Patient.self, id: id)?.name
    }

    // MARK: - STRATA_KEY_PLACE

    @Test("STRATA_KEY_PLACE unset or empty is auto; file and secret-service (any case) are read as given")
    func placeFromEnvironment() throws {
        #expect(try DataKeyPlace.from(environment: [:]) == .auto)
        #expect(try DataKeyPlace.from(environment: ["STRATA_KEY_PLACE": ""]) == .auto)
        #expect(try DataKeyPlace.from(environment: ["STRATA_KEY_PLACE": "auto"]) == .auto)
        #expect(try DataKeyPlace.from(environment: ["STRATA_KEY_PLACE": "file"]) == .file)
        #expect(try DataKeyPlace.from(environment: ["STRATA_KEY_PLACE": "secret-service"]) == .secretService)
        #expect(try DataKeyPlace.from(environment: ["STRATA_KEY_PLACE": "Secret-Service"]) == .secretService)
    }

    @Test("white space around STRATA_KEY_PLACE is ignored, and white space alone is auto like empty")
    func placeIsTrimmed() throws {
        for text in [" file", "file ", "file\n", "\tfile\t", "\u{3000}file"] {
            #expect(try DataKeyPlace.from(environment: ["STRATA_KEY_PLACE": text]) == .file, "\(text.debugDescription)")
        }
        for text in [" ", "\n", " \t "] {
            #expect(try DataKeyPlace.from(environment: ["STRATA_KEY_PLACE": text]) == .auto, "\(text.debugDescription)")
        }
    }

    @Test("a refused STRATA_KEY_PLACE is quoted as given, control characters escaped, on one line")
    func refusedPlaceIsQuoted() throws {
        let error = try #require(throws: CrossCuttingError.self) {
            try DataKeyPlace.from(environment: ["STRATA_KEY_PLACE": "fi le\n"])
        }
        #expect(error.message.hasPrefix("STRATA_KEY_PLACE='fi le\\n' is not a place"), "\(error)")
        #expect(!error.message.contains("\n"), "\(error)")
    }

    @Test("a STRATA_KEY_PLACE that is no place is badEnvironment naming the variable, the value and the three places")
    func badPlaceIsRefused() throws {
        let error = try #require(throws: CrossCuttingError.self) {
            try DataKeyPlace.from(environment: ["STRATA_KEY_PLACE": "keychain"])
        }
        #expect(error.code == .badEnvironment, "\(error)")
        #expect(
            error.message.contains("STRATA_KEY_PLACE='keychain'") && error.message.contains("auto, file, secret-service"),
            "\(error)")
    }

    // MARK: - auto: the fall-back

    @Test(
        "auto: a keyring that answers but refuses the new key (or gives another back) leaves it in the 0600 file, said once",
        arguments: [KeyringDouble.Failure.saveFails, .readsBackOther])
    func refusedKeyFallsBackToTheFile(_ failure: KeyringDouble.Failure) async throws {
        let container = temporaryContainer()
        let keyring = KeyringDouble([failure])
        let notices = Notices()
        let id = try await writePatient(container, notices.ring(.auto, keyring))
        #expect(FileManager.default.fileExists(atPath: keyFile(container).path))
        let mode = try FileManager.default.attributesOfItem(atPath: keyFile(container).path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        #expect(notices.count == 1, "one line, once")
        #expect(notices.first?.keyFile == keyFile(container).path)
        let expected = failure == .saveFails ? "the keyring is locked (double)" : "did not return the new data key"
        #expect(notices.first?.reason.contains(expected) == true, "\(String(describing: notices.first))")
        #expect(keyring.key == nil, "nothing is left in the keyring")

        // Later opens use the file without asking the keyring and say nothing more.
        keyring.fail([])
        keyring.calls.withLock { $0 = [] }
        #expect(try await readName(container, id: id, notices.ring(.auto, keyring)) == "Wendeline Oya")
        #expect(notices.count == 1 && keyring.calls.withLock { $0 }.isEmpty)
        let report = try await DataLayerFactory.maintenance(
            container: container, logger: quietLogger, keyring: notices.ring(.auto, keyring)
        ).dataKey()
        #expect(report.kind == .file, "\(report)")
    }

    @Test("auto: a keyring whose lookup fails, or no keyring, is the file as before, and nothing is said")
    func unansweredKeyringSaysNothing() async throws {
        for store in [KeyringDouble([.unreachable]), nil] as [KeyringDouble?] {
            let container = temporaryContainer()
            let notices = Notices()
            _ = try await writePatient(container, notices.ring(.auto, store))
            #expect(FileManager.default.fileExists(atPath: keyFile(container).path))
            #expect(notices.count == 0)
        }
    }

    @Test("auto: a keyring that takes the key keeps it there, and nothing is said")
    func keyringThatTakesTheKey() async throws {
        let container = temporaryContainer()
        let keyring = KeyringDouble()
        let notices = Notices()
        let id = try await writePatient(container, notices.ring(.auto, keyring))
        #expect(keyring.key?.count == 32 && !FileManager.default.fileExists(atPath: keyFile(container).path))
        #expect(notices.count == 0)
        #expect(try await readName(container, id: id, notices.ring(.auto, keyring)) == "Wendeline Oya")
    }

    // MARK: - file

    @Test("file: the key goes to the file and the keyring is never asked, not even by store key")
    func fileNeverAsksTheKeyring() async throws {
        let container = temporaryContainer()
        let keyring = KeyringDouble()
        let notices = Notices()
        let ring = notices.ring(.file, keyring, absence: "STRATA_KEY_PLACE=file keeps it out")
        let id = try await writePatient(container, ring)
        #expect(FileManager.default.fileExists(atPath: keyFile(container).path))
        #expect(try await readName(container, id: id, ring) == "Wendeline Oya")
        let maintenance = DataLayerFactory.maintenance(container: container, logger: quietLogger, keyring: ring)
        let report = try await maintenance.dataKey()
        #expect(report.kind == .file && report.keyringProblem == "STRATA_KEY_PLACE=file keeps it out", "\(report)")
        let refused = try await #require(throws: DataError.self) { try await maintenance.moveKey(to: .secretService) }
        #expect(refused.code == .keyringUnavailable && refused.message.contains("STRATA_KEY_PLACE=file"), "\(refused)")
        #expect(keyring.calls.withLock { $0 }.isEmpty && notices.count == 0)
    }

    @Test("file: a store whose key is in the Secret Service is refused naming STRATA_KEY_PLACE, never 'missing', and no key is made")
    func fileWithAKeyInTheKeyring() async throws {
        let container = temporaryContainer()
        let keyring = KeyringDouble()
        _ = try await writePatient(container, DataKeyring(store: keyring))
        let ring = DataKeyring(place: .file, store: keyring, absence: "STRATA_KEY_PLACE=file keeps it out")
        let error = try await #require(throws: DataError.self) {
            try await DataLayerFactory.live(container: container, logger: quietLogger, keyring: ring)
        }
        #expect(error.code == .keyringUnavailable && error.message.contains("STRATA_KEY_PLACE=file"), "\(error)")
        #expect(!error.message.contains("missing"), "\(error)")
        #expect(!FileManager.default.fileExists(atPath: keyFile(container).path))
    }

    @Test("file: store key shows a key kept in the Secret Service without asking it; a move is refused saying to unset STRATA_KEY_PLACE")
    func fileShowsAKeyInTheKeyring() async throws {
        let container = temporaryContainer()
        let keyring = KeyringDouble()
        _ = try await writePatient(container, DataKeyring(store: keyring))
        keyring.calls.withLock { $0 = [] }
        let ring = DataKeyring(place: .file, store: keyring, absence: "STRATA_KEY_PLACE=file keeps it out")
        let maintenance = DataLayerFactory.maintenance(container: container, logger: quietLogger, keyring: ring)
        let report = try await maintenance.dataKey()
        #expect(report.kind == .secretService && report.keyringProblem == "STRATA_KEY_PLACE=file keeps it out", "\(report)")
        #expect(report.location.hasPrefix("the Secret Service"), "\(report)")
        for kind in [DataKeyKind.file, .secretService] {
            let refused = try await #require(throws: DataError.self) { try await maintenance.moveKey(to: kind) }
            #expect(refused.code == .keyringUnavailable, "\(refused)")
            #expect(refused.message.contains("unset STRATA_KEY_PLACE (or set it to auto) to move the key"), "\(refused)")
        }
        #expect(keyring.calls.withLock { $0 }.isEmpty, "never asked")
        #expect(keyring.key != nil && !FileManager.default.fileExists(atPath: keyFile(container).path), "nothing moved")
    }

    // MARK: - secret-service

    @Test(
        "secret-service: a keyring that refuses the new key, or none, is keyringUnavailable naming STRATA_KEY_PLACE; no key file",
        arguments: [KeyringDouble.Failure.saveFails, .readsBackOther, .unreachable])
    func secretServiceRefusesTheFile(_ failure: KeyringDouble.Failure) async throws {
        let container = temporaryContainer()
        let keyring = KeyringDouble([failure])
        let notices = Notices()
        let error = try await #require(throws: DataError.self) {
            try await DataLayerFactory.live(
                container: container, logger: quietLogger, keyring: notices.ring(.secretService, keyring))
        }
        #expect(error.code == .keyringUnavailable && error.message.contains("STRATA_KEY_PLACE"), "\(error)")
        #expect(!FileManager.default.fileExists(atPath: keyFile(container).path), "never a key file")
        #expect(notices.count == 0)

        // The user lets the file in: the store opens.
        keyring.fail([.unreachable])
        _ = try await writePatient(container, notices.ring(.auto, keyring))
        #expect(FileManager.default.fileExists(atPath: keyFile(container).path))
    }

    @Test("secret-service without a session bus is keyringUnavailable naming why; a keyring that takes the key is used")
    func secretServiceWithoutABus() async throws {
        let container = temporaryContainer()
        let error = try await #require(throws: DataError.self) {
            try await DataLayerFactory.live(container: container, logger: quietLogger, keyring: Notices().ring(.secretService, nil))
        }
        #expect(error.message.contains("DBUS_SESSION_BUS_ADDRESS") && error.message.contains("STRATA_KEY_PLACE"), "\(error)")
        let report = try await DataLayerFactory.maintenance(
            container: container, logger: quietLogger, keyring: Notices().ring(.secretService, nil)
        ).dataKey()
        #expect(report.kind == nil && report.location == "the Secret Service", "never the key file: \(report)")
        #expect(report.keyringProblem?.contains("DBUS_SESSION_BUS_ADDRESS") == true, "\(report)")
        let keyring = KeyringDouble()
        let id = try await writePatient(container, Notices().ring(.secretService, keyring))
        #expect(keyring.key != nil && !FileManager.default.fileExists(atPath: keyFile(container).path))
        #expect(try await readName(container, id: id, Notices().ring(.secretService, keyring)) == "Wendeline Oya")
    }

    // MARK: - a miss is a miss

    @Test("a keyring that answers without the store's key is a miss naming the keyring, never a session-bus problem")
    func missIsReportedAsAMiss() async throws {
        let container = temporaryContainer()
        let keyring = KeyringDouble()
        _ = try await writePatient(container, DataKeyring(store: keyring))
        try keyring.delete()
        let opened = try await #require(throws: DataError.self) {
            try await DataLayerFactory.live(container: container, logger: quietLogger, keyring: DataKeyring(store: keyring))
        }
        #expect(opened.message.contains("no key in the keyring double") && !opened.message.contains("DBUS"), "\(opened)")
        let maintenance = DataLayerFactory.maintenance(container: container, logger: quietLogger, keyring: DataKeyring(store: keyring))
        let shown = try await #require(throws: DataError.self) { try await maintenance.dataKey() }
        #expect(shown.message.contains("no key in the keyring double"), "\(shown)")
        #expect(!shown.message.contains("DBUS_SESSION_BUS_ADDRESS") && !shown.message.contains("did not answer"), "\(shown)")
        #expect(!FileManager.default.fileExists(atPath: keyFile(container).path), "no new key was made")
    }
}
