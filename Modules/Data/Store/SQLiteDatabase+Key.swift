#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import StrataCrossCutting

extension SQLiteDatabase {
    /// The settings key under which the store records its data key's fingerprint.
    static let fingerprintSetting = "key.fingerprint"

    /// Loads the data key, checking it against the fingerprint the store recorded.
    ///
    /// - A store that has sealed values with a key never silently gets a new one: a missing
    ///   key file is an error for writers (readers get `nil` and fail only when decrypting).
    /// - A key file that is not the recorded key is refused before anything is written.
    static func loadCipher(
        container: ContainerDirectory, connection: SQLiteConnection, mode: Mode
    ) throws -> FieldCipher? {
        let keyPath = FieldCipher.keyURL(in: container).path
        let recorded = try? connection.withStatement(
            #"SELECT "value" FROM "_strata_settings" WHERE "key" = ?1"#
        ) { statement -> String? in
            statement.bind(fingerprintSetting, at: 1)
            return try statement.step() ? statement.text(at: 0) : nil
        }
        if let existing = try FieldCipher.load(from: container, create: false) {
            if let recorded, recorded != existing.fingerprint {
                throw DataError(
                    .cannotOpen,
                    "\(keyPath) is not the key \(connection.path) was written with; restore the original key file "
                        + "(nothing was changed)")
            }
            if mode == .readWrite, recorded == nil { try record(existing.fingerprint, on: connection) }
            return existing
        }
        if recorded != nil {
            guard mode == .readOnly else {
                throw DataError(
                    .cannotOpen,
                    "the data key \(keyPath) is missing, so the encrypted values in \(connection.path) cannot be read; "
                        + "restore the key file (a new key would leave them unreadable forever)")
            }
            return nil
        }
        guard mode == .readWrite, let created = try FieldCipher.load(from: container, create: true) else { return nil }
        try record(created.fingerprint, on: connection)
        return created
    }

    /// The fingerprint of the key the store's sealed values were written with, or `nil` when
    /// the store never recorded one (or cannot say).
    func recordedKeyFingerprint() -> String? {
        try? withState { state in
            try state.connection.withStatement(#"SELECT "value" FROM "_strata_settings" WHERE "key" = ?1"#) { statement in
                statement.bind(Self.fingerprintSetting, at: 1)
                return try statement.step() ? statement.text(at: 0) : nil
            }
        }
    }

    private static func record(_ fingerprint: String, on connection: SQLiteConnection) throws {
        try connection.writeTransaction {
            try connection.withStatement(
                #"INSERT OR IGNORE INTO "_strata_settings" ("key", "value") VALUES (?1, ?2)"#
            ) { statement in
                statement.bind(fingerprintSetting, at: 1)
                statement.bind(fingerprint, at: 2)
                try statement.step()
            }
        }
    }
}
