#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import StrataCrossCutting
import StrataSession
import StrataStore

extension SQLiteDatabase {
    /// The settings key under which the store records its data key's fingerprint.
    static let fingerprintSetting = "key.fingerprint"
    /// The settings key under which the store records where its data key lives
    /// (`DataKeyKind` raw value), so a reader without the keyring (strata-status) knows a
    /// key kept in the Secret Service is not missing.
    static let keyLocationSetting = "key.location"
    /// The settings key under which the store records why its data key is where it is
    /// (`DataKeyChoice/recorded`): the choice made when it made the key, or a move.
    static let keyChoiceSetting = "key.choice"

    /// Loads the data key from where ``DataKeySource`` finds it, checking it against the
    /// fingerprint the store recorded.
    ///
    /// - A store that has sealed values with a key never silently gets a new one: a missing
    ///   key is an error for writers (readers get `nil` and fail only when decrypting).
    /// - A key that is not the recorded key is refused before anything is written.
    /// - A new store's key is made inside one write transaction, so processes creating the
    ///   store at once all end up with one key, wherever it is kept.
    static func loadCipher(
        keys: DataKeySource, connection: SQLiteConnection, mode: Mode, prefetch: FieldCipherPrefetch? = nil
    ) throws -> FieldCipher? {
        let recorded = setting(fingerprintSetting, on: connection)
        var problem: String?
        if let found = try keys.find(problem: &problem) {
            let derived = prefetch?.cipher(for: found.key) ?? FieldCipherPrefetch.derived(from: found.key)
            try check(found, derived.fingerprint, against: recorded, store: connection.path)
            if mode == .readWrite, recorded == nil {
                try connection.writeTransaction { try record(derived.fingerprint, kind: found.place.kind, on: connection) }
            }
            return derived.cipher
        }
        if recorded != nil {
            guard mode == .readOnly else {
                throw missingKey(keys: keys, connection: connection, problem: problem)
            }
            return nil
        }
        guard mode == .readWrite else { return nil }
        return try connection.writeTransaction {
            if let other = setting(fingerprintSetting, on: connection) {
                // Another process made the store's key while this one looked.
                var again: String?
                guard let found = try keys.find(problem: &again) else {
                    throw missingKey(keys: keys, connection: connection, problem: again)
                }
                let derived = FieldCipherPrefetch.derived(from: found.key)
                try check(found, derived.fingerprint, against: other, store: connection.path)
                return derived.cipher
            }
            let created = try keys.create(lookupProblem: problem)
            let cipher = FieldCipher(keyMaterial: created.key)
            try record(cipher.fingerprint, kind: created.place.kind, choice: created.choice, on: connection)
            return cipher
        }
    }

    /// The fingerprint of the key the store's sealed values were written with, or `nil` when
    /// the store never recorded one (or cannot say).
    func recordedKeyFingerprint() -> String? {
        try? withState { state in Self.setting(Self.fingerprintSetting, on: state.connection) }
    }

    /// Where the store recorded its key lives, or `nil` when it never recorded it (a store
    /// from before the Secret Service, or one that cannot say).
    func recordedKeyKind() -> DataKeyKind? {
        (try? withState { state in Self.setting(Self.keyLocationSetting, on: state.connection) })
            .flatMap { $0 }.flatMap(DataKeyKind.init(rawValue:))
    }

    /// The value of the store setting `key`, or `nil` when it is not set (or cannot be read).
    static func setting(_ key: String, on connection: SQLiteConnection) -> String? {
        let value = try? connection.withStatement(#"SELECT "value" FROM "_strata_settings" WHERE "key" = ?1"#) {
            statement -> String? in
            statement.bind(key, at: 1)
            return try statement.step() ? statement.text(at: 0) : nil
        }
        return value ?? nil
    }

    /// Records where the key lives now (``keyLocationSetting``) and, when given, why
    /// (``keyChoiceSetting``); in the caller's transaction.
    static func recordKeyKind(_ kind: DataKeyKind, choice: DataKeyChoice? = nil, on connection: SQLiteConnection) throws {
        var values = [(keyLocationSetting, kind.rawValue)]
        if let choice { values.append((keyChoiceSetting, choice.recorded)) }
        for (key, value) in values {
            try connection.withStatement(
                #"INSERT OR REPLACE INTO "_strata_settings" ("key", "value") VALUES (?1, ?2)"#
            ) { statement in
                statement.bind(key, at: 1)
                statement.bind(value, at: 2)
                try statement.step()
            }
        }
    }

    /// Refuses `found`, whose cipher has `fingerprint`, when it is not the key `recorded` names.
    private static func check(
        _ found: DataKeySource.Found, _ fingerprint: String, against recorded: String?, store: String
    ) throws {
        if let recorded, recorded != fingerprint {
            throw DataError(
                .cannotOpen,
                "\(found.place.location) is not the key \(store) was written with; restore the original key "
                    + "(nothing was changed)")
        }
    }

    /// "The data key … is missing": names every place it was looked for.
    private static func missingKey(keys: DataKeySource, connection: SQLiteConnection, problem: String?) -> DataError {
        let kind = setting(keyLocationSetting, on: connection).flatMap(DataKeyKind.init(rawValue:))
        if kind == .secretService, keys.keyring == nil {
            // Not lost: kept in a keyring this process does not ask (no session bus, STRATA_KEY_PLACE=file).
            return DataError(
                .keyringUnavailable,
                "the data key of \(connection.path) is kept in the Secret Service, which this process does not ask: "
                    + "\(keys.absence); nothing was changed")
        }
        if let problem, kind != .file {
            // Not lost, most likely: the keyring holding it did not answer (a locked keyring, no Secret Service).
            return DataError(
                .keyringUnavailable,
                "the data key of \(connection.path) is not in \(keys.file.location) and the Secret Service did not answer "
                    + "(\(problem)); unlock the keyring or check the session bus, then try again (nothing was changed)")
        }
        return DataError(
            .cannotOpen,
            "\(keys.missingPlaces(recordedKind: kind, problem: problem)) is missing, so the encrypted values in "
                + "\(connection.path) cannot be read; restore the key (a new key would leave them unreadable forever)")
    }

    /// Records the fingerprint (never replacing one) and where the key lives; in the caller's transaction.
    private static func record(
        _ fingerprint: String, kind: DataKeyKind, choice: DataKeyChoice? = nil, on connection: SQLiteConnection
    ) throws {
        try connection.withStatement(
            #"INSERT OR IGNORE INTO "_strata_settings" ("key", "value") VALUES (?1, ?2)"#
        ) { statement in
            statement.bind(fingerprintSetting, at: 1)
            statement.bind(fingerprint, at: 2)
            try statement.step()
        }
        try recordKeyKind(kind, choice: choice, on: connection)
    }
}
