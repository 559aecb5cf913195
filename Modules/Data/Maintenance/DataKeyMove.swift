#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import Logging
import StrataCrossCutting
import StrataSession
import StrataStore

/// `strata-host store key`: where the data key is, and moving it between the key file and the
/// Secret Service without ever losing it (`StoreMaintenance/moveKey(to:)`).
///
/// Blocking (file system calls, D-Bus round trips, SQLite): only on the maintenance's queue.
struct DataKeyMove {
    let keys: DataKeySource
    let storePath: String
    let logger: Logger

    /// What every place holds, read once.
    private struct Holdings {
        var file: [UInt8]?
        var keyring: [UInt8]?
        /// Why the keyring did not answer (or that there is none), `nil` when it answered.
        var keyringProblem: String?
    }

    /// Where the key is now; changes nothing.
    func report() throws -> DataKeyReport {
        let held = try holdings()
        // Why it is there, as the store recorded it (only for the place it records).
        let recordedKind = recordedSetting(SQLiteDatabase.keyLocationSetting).flatMap(DataKeyKind.init(rawValue:))
        let recordedChoice = recordedSetting(SQLiteDatabase.keyChoiceSetting).flatMap(DataKeyChoice.init(recorded:))
        func choice(_ kind: DataKeyKind) -> DataKeyChoice? { recordedKind == kind ? recordedChoice : nil }
        if held.file != nil {
            return DataKeyReport(
                kind: .file, location: keys.file.location, ignoredCopy: held.keyring == nil ? nil : keys.keyring?.location,
                keyringProblem: held.keyringProblem, moved: false, choice: choice(.file))
        }
        if held.keyring != nil, let keyring = keys.keyring {
            return DataKeyReport(
                kind: .secretService, location: keyring.location, ignoredCopy: nil, keyringProblem: nil, moved: false,
                choice: choice(.secretService))
        }
        if keys.place == .file, keys.keyring == nil, recordedSetting(SQLiteDatabase.keyLocationSetting) == DataKeyKind.secretService.rawValue,
            recordedFingerprint() != nil
        {
            // Kept in the Secret Service, which STRATA_KEY_PLACE=file keeps this process from asking:
            // where the key is, as the store records it, and why it was not asked.
            return DataKeyReport(
                kind: .secretService, location: "the Secret Service", ignoredCopy: nil, keyringProblem: keys.absence, moved: false,
                choice: choice(.secretService))
        }
        if let unreachable = unreachableKeyring(held) { throw unreachable }
        // No key yet: say where a new store's key would go (as the user's place allows).
        let next =
            switch keys.place {
            case .file: keys.file.location
            case .secretService: keys.keyring?.location ?? "the Secret Service"
            case .auto: held.keyringProblem == nil ? keys.keyring?.location ?? keys.file.location : keys.file.location
            }
        return DataKeyReport(kind: nil, location: next, ignoredCopy: nil, keyringProblem: held.keyringProblem, moved: false)
    }

    /// Moves the key to `kind`: write, read back and check, record, and only then remove the old copy.
    func move(to kind: DataKeyKind) throws -> DataKeyReport {
        let held = try holdings()
        let destination: any DataKeyStore
        let source: (any DataKeyStore)?
        switch kind {
        case .secretService:
            guard let keyring = keys.keyring, held.keyringProblem == nil else {
                throw DataError(
                    .keyringUnavailable,
                    "cannot move the data key to the Secret Service: \(held.keyringProblem ?? keys.absence); "
                        + "nothing was changed\(placeHint)")
            }
            (destination, source) = (keyring, keys.file)
        case .file:
            if held.file == nil, let problem = held.keyringProblem, keys.keyring != nil {
                throw DataError(
                    .keyringUnavailable, "cannot read the data key from the Secret Service: \(problem); nothing was changed")
            }
            (destination, source) = (keys.file, keys.keyring)
        }
        if held.file == nil, held.keyring == nil, let unreachable = unreachableKeyring(held) { throw unreachable }
        // The file wins when both hold a key: that is the one the data layer uses.
        guard let key = held.file ?? held.keyring else {
            throw DataError(
                .cannotOpen,
                "there is no data key to move yet (neither \(keys.file.location) nor the Secret Service holds one); "
                    + "a store makes its key when it is first opened")
        }
        // Where the data layer finds the key now: the file, else the keyring.
        let current = held.file != nil ? keys.file.location : keys.keyring?.location ?? keys.file.location
        let recorded = recordedFingerprint()
        if let recorded, FieldCipher(keyMaterial: key).fingerprint != recorded {
            throw DataError(
                .cannotOpen, "the data key in \(current) is not the key \(storePath) was written with; nothing was moved")
        }
        let there = kind == .file ? held.file : held.keyring
        let leftover = kind == .file ? held.keyring : held.file
        if let there, there != key {
            throw DataError(
                .cannotOpen,
                "\(destination.location) already holds a different data key than the one in use (\(current)); "
                    + "nothing was changed: remove that key first if it is stale")
        }
        if let leftover, leftover != key, let source {
            throw DataError(
                .cannotOpen,
                "\(source.location) holds a different data key than the one in use (\(current)); nothing was changed")
        }
        if there == nil {
            try write(key, to: destination, keptIn: current, recorded: recorded)
        }
        // Record the key's new place (a no-op move writes nothing unless the record is stale).
        if there == nil || leftover != nil || recordedSetting(SQLiteDatabase.keyLocationSetting) != kind.rawValue {
            try recordKind(kind, keptIn: there == nil ? "\(current) and \(destination.location)" : current)
        }
        if leftover != nil, let source {
            do {
                try source.delete()
            } catch {
                throw DataError(
                    .cannotOpen,
                    "the data key is now in \(destination.location), but it could not be removed from \(source.location): "
                        + "\(error); both hold it (the file wins); run the command again to finish the move")
            }
        }
        logger.info("moved the data key", metadata: ["to": "\(destination.location)"])
        let moved = there == nil || leftover != nil
        return DataKeyReport(
            kind: kind, location: destination.location, ignoredCopy: nil, keyringProblem: nil, moved: moved,
            choice: moved ? .moved : recordedSetting(SQLiteDatabase.keyChoiceSetting).flatMap(DataKeyChoice.init(recorded:)))
    }

    /// Writes `key` to `destination`, reads it back and checks it; on a failure after the write
    /// removes what it wrote and throws, saying the key stays in `keptIn`. A write that failed
    /// removes nothing: a store refuses to write over a key it already holds (one that appeared
    /// since it was looked at, or one a locked keyring hid), and that key is not ours to remove.
    private func write(_ key: [UInt8], to destination: any DataKeyStore, keptIn: String, recorded: String?) throws {
        do {
            try destination.save(key)
        } catch {
            throw DataError(
                (error as? DataError)?.code ?? .cannotOpen,
                "cannot write the data key to \(destination.location): \(error); the key stays in \(keptIn)")
        }
        let back: [UInt8]?
        do {
            back = try destination.load()
        } catch {
            try? destination.delete()
            throw DataError(
                (error as? DataError)?.code ?? .cannotOpen,
                "cannot read the data key back from \(destination.location): \(error); the key stays in \(keptIn)")
        }
        let matches = back.map { back in
            back == key && recorded.map { FieldCipher(keyMaterial: back).fingerprint == $0 } ?? true
        }
        guard matches == true else {
            try? destination.delete()
            throw DataError(
                .cannotOpen,
                "\(destination.location) returned \(back == nil ? "no key" : "a different key") after the data key "
                    + "was written to it; the key stays in \(keptIn)")
        }
    }

    /// Reads every place once.
    private func holdings() throws -> Holdings {
        var held = Holdings(file: try keys.file.load(), keyring: nil, keyringProblem: keys.absence)
        if let keyring = keys.keyring {
            do {
                held.keyring = try keyring.load()
                held.keyringProblem = nil
            } catch {
                held.keyringProblem = (error as? DataError)?.message ?? "\(error)"
            }
        }
        return held
    }

    /// When no place answered with a key but the store says its key is in the Secret Service
    /// (and has sealed values), that is not "no key yet": a keyring that answered without it is
    /// a miss, named as one (the container's path the key is looked up by); one that did not
    /// answer, or that this process does not ask, is `keyringUnavailable` naming why.
    private func unreachableKeyring(_ held: Holdings) -> DataError? {
        guard recordedSetting(SQLiteDatabase.keyLocationSetting) == DataKeyKind.secretService.rawValue,
            recordedFingerprint() != nil
        else { return nil }
        if let keyring = keys.keyring, held.keyringProblem == nil {
            return DataError(
                .cannotOpen,
                "the data key of \(storePath) is kept in the Secret Service, but there is no key in \(keyring.location); "
                    + "restore it there (or its key file), nothing was changed")
        }
        let verb = keys.keyring == nil ? "which this process does not ask" : "which did not answer"
        return DataError(
            .keyringUnavailable,
            "the data key of \(storePath) is kept in the Secret Service, \(verb): "
                + "\(held.keyringProblem ?? keys.absence); nothing was changed\(placeHint)")
    }

    /// What to do when `STRATA_KEY_PLACE=file` is why a move cannot reach the Secret Service:
    /// moving a key needs the keyring asked.
    private var placeHint: String {
        guard keys.place == .file else { return "" }
        return "; unset \(DataKeyPlace.variable) (or set it to \(DataKeyPlace.auto.rawValue)) to move the key"
    }

    private func recordedFingerprint() -> String? {
        recordedSetting(SQLiteDatabase.fingerprintSetting)
    }

    /// The store's setting `key`, or `nil` when there is no store or the setting is not there.
    private func recordedSetting(_ key: String) -> String? {
        guard FileManager.default.fileExists(atPath: storePath),
            let connection = try? SQLiteConnection(path: storePath, access: .readOnly)
        else { return nil }
        return SQLiteDatabase.setting(key, on: connection)
    }

    /// Records the key's new place in the store (when the store has recorded a key at all), so
    /// a reader without the keyring knows where it lives.
    private func recordKind(_ kind: DataKeyKind, keptIn: String) throws {
        guard recordedFingerprint() != nil else { return }
        do {
            let connection = try SQLiteConnection(path: storePath, access: .readWrite)
            try connection.writeTransaction { try SQLiteDatabase.recordKeyKind(kind, choice: .moved, on: connection) }
        } catch {
            throw DataError(
                .cannotOpen,
                "cannot record the data key's new place in \(storePath): \(error); the key is in \(keptIn) (nothing was removed)")
        }
    }
}
