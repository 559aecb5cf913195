#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import Crypto
import StrataCrossCutting

/// Where a store's data key comes from: its key file and, when the composition root passed
/// one, the session's keyring (the Secret Service), and the rule that chooses between them.
///
/// - A key in the file is used from the file, without asking the keyring (no silent
///   migration; when both hold a key, e.g. after an interrupted move, the file wins:
///   `strata-host store key` shows the other copy and moving again finishes the move).
/// - Else the keyring's key, when it answers and holds one.
/// - A new key goes to the keyring when it answers (a lookup succeeded), else to the file.
///
/// Every call may block (file system calls, a D-Bus round trip): only on a ``DatabaseQueue``.
struct DataKeySource: Sendable {
    /// A key and the place it came from.
    struct Found {
        let key: [UInt8]
        let place: any DataKeyStore
    }

    let file: FileKeyStore
    let keyring: (any DataKeyStore)?

    init(container: ContainerDirectory, keyring: (any DataKeyStore)?) {
        file = FileKeyStore(container: container)
        self.keyring = keyring
    }

    /// The key the store uses, or `nil` when no place holds one; `problem` is set to why the
    /// keyring did not answer, when it was asked and failed.
    func find(problem: inout String?) throws -> Found? {
        if let key = try file.load() { return Found(key: key, place: file) }
        guard let keyring else { return nil }
        do {
            return try keyring.load().map { Found(key: $0, place: keyring) }
        } catch {
            problem = "\(error)"
            return nil
        }
    }

    /// Makes a new key and keeps it in the keyring when it answered (`keyringAnswered`), else
    /// in the file; returns it with its place (another process's key when it linked the file first).
    func create(keyringAnswered: Bool) throws -> Found {
        let key = SymmetricKey(size: .bits256).withUnsafeBytes { Array($0) }
        if keyringAnswered, let keyring {
            try keyring.save(key)
            // Read back: a keyring that accepted the key but cannot return it must not be trusted with it.
            guard try keyring.load() == key else {
                try? keyring.delete()
                throw DataError(
                    .keyringUnavailable, "\(keyring.location) did not return the new data key it was given; nothing was kept")
            }
            return Found(key: key, place: keyring)
        }
        return Found(key: try KeyFile.place(key, at: file.url), place: file)
    }

    /// Says where the key is missing from, for "the data key is missing" messages.
    func missingPlaces(recordedKind: DataKeyKind?, problem: String?) -> String {
        switch (recordedKind, keyring) {
        case (.secretService, nil):
            return "the data key (kept in the Secret Service; this process was given no session keyring: "
                + "is DBUS_SESSION_BUS_ADDRESS set?)"
        case (.secretService, let keyring?):
            return "the data key (\(keyring.location)\(problem.map { ": \($0)" } ?? ""))"
        case (_, let keyring?):
            return "the data key \(file.location) (nor in \(keyring.location)\(problem.map { ": \($0)" } ?? ""))"
        case (_, nil):
            return "the data key \(file.location)"
        }
    }
}
