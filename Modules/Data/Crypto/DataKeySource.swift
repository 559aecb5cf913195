#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import Crypto
import StrataCrossCutting
import StrataSession
import StrataStore

/// Where a store's data key comes from: its key file and, when the composition root passed
/// one, the session's keyring (the Secret Service), and the rule that chooses between them.
///
/// - A key in the file is used from the file, without asking the keyring (no silent
///   migration; when both hold a key, e.g. after an interrupted move, the file wins:
///   `strata-host store key` shows the other copy and moving again finishes the move).
/// - Else the keyring's key, when it answers and holds one.
/// - A new key goes to the keyring when it answers (a lookup succeeded) and takes it, else to
///   the file; the user's `DataKeyPlace` can keep the keyring out or insist on it (``create(lookupProblem:)``).
///
/// Every call may block (file system calls, a D-Bus round trip): only on a ``BlockingLane``.
struct DataKeySource: Sendable {
    /// A key and the place it came from.
    struct Found {
        let key: [UInt8]
        let place: any DataKeyStore
        /// Why a new key went to ``place`` (``create(lookupProblem:)`` only).
        var choice: DataKeyChoice?
    }

    let file: FileKeyStore
    /// The keyring to ask, when there is one (`DataKeyring/store`).
    let keyring: (any DataKeyStore)?
    /// The user's choice of place (`DataKeyPlace`), `DataKeyPlace/auto` without a `DataKeyring`.
    let place: DataKeyPlace
    /// Why ``keyring`` is `nil`: no session bus, `STRATA_KEY_PLACE=file`, or no keyring given.
    let absence: String
    /// Says that a new store's key went to the file because the keyring refused it.
    let fellBackToFile: @Sendable (_ reason: String, _ keyFile: String) -> Void

    init(container: ContainerDirectory, keyring: DataKeyring?) {
        file = FileKeyStore(container: container)
        self.keyring = keyring?.store
        place = keyring?.place ?? .auto
        absence = keyring?.absence ?? DataKeyring.noSessionBus
        if let keyring {
            fellBackToFile = keyring.fellBackToFile
        } else {
            fellBackToFile = { _, _ in }
        }
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

    /// Makes a new key and keeps it where the user's choice (``place``) puts it; returns it with
    /// its place (another process's key when it linked the file first). `lookupProblem` is why
    /// the keyring's lookup failed, `nil` when it answered.
    ///
    /// - `DataKeyPlace/file`: the file.
    /// - `DataKeyPlace/auto`: the keyring when its lookup answered and it takes the key (and
    ///   gives it back); a keyring that refuses it (no login collection, a locked collection,
    ///   any failure) leaves the key in the file, said once through ``fellBackToFile``, as does
    ///   one whose lookup got no answer in time (`DataKeyring/noAnswerPhrase`); no keyring,
    ///   or one whose lookup failed otherwise, is the file as before, silently.
    /// - `DataKeyPlace/secretService`: the keyring, or `keyringUnavailable` naming why.
    func create(lookupProblem: String?) throws -> Found {
        let key = SymmetricKey(size: .bits256).withUnsafeBytes { Array($0) }
        switch place {
        case .file:
            return try inFile(key, .chosen(.file))
        case .secretService:
            guard let keyring, lookupProblem == nil else {
                throw DataError(
                    .keyringUnavailable,
                    "cannot keep the new data key in the Secret Service, the place \(DataKeyPlace.variable)="
                        + "\(DataKeyPlace.secretService.rawValue) asks for: \(lookupProblem ?? absence); nothing was kept "
                        + "(set \(DataKeyPlace.variable)=auto to let the key go to the key file)")
            }
            do {
                return try inKeyring(key, keyring, .chosen(.secretService))
            } catch {
                throw DataError(
                    .keyringUnavailable,
                    "\(Self.text(of: error)) (\(DataKeyPlace.variable)=\(DataKeyPlace.secretService.rawValue): "
                        + "no key file was made; set \(DataKeyPlace.variable)=auto to let the key go to the key file)")
            }
        case .auto:
            if let lookupProblem, keyring != nil, lookupProblem.contains(DataKeyring.noAnswerPhrase) {
                // A bus that accepts the call but never answers: the file, said once (as a refusal is).
                let found = try inFile(key, .refused(lookupProblem))
                fellBackToFile(lookupProblem, file.location)
                return found
            }
            guard let keyring, lookupProblem == nil else { return try inFile(key, .noSecretService(lookupProblem ?? absence)) }
            do {
                return try inKeyring(key, keyring, .secretServiceTook)
            } catch {
                let found = try inFile(key, .refused(Self.text(of: error)))
                fellBackToFile(Self.text(of: error), file.location)
                return found
            }
        }
    }

    /// Keeps `key` in `keyring` and reads it back: a keyring that accepted the key but cannot
    /// return it must not be trusted with it.
    private func inKeyring(_ key: [UInt8], _ keyring: any DataKeyStore, _ choice: DataKeyChoice) throws -> Found {
        try keyring.save(key)
        guard try keyring.load() == key else {
            try? keyring.delete()
            throw DataError(
                .keyringUnavailable, "\(keyring.location) did not return the new data key it was given; nothing was kept")
        }
        return Found(key: key, place: keyring, choice: choice)
    }

    /// Keeps `key` in the file (or finds the key another process linked there first).
    private func inFile(_ key: [UInt8], _ choice: DataKeyChoice) throws -> Found {
        Found(key: try KeyFile.place(key, at: file.url), place: file, choice: choice)
    }

    /// Says where the key is missing from, for "the data key is missing" messages: a keyring
    /// that answered without the key is a miss ("no key in the Secret Service for <container>"),
    /// never a bus problem.
    func missingPlaces(recordedKind: DataKeyKind?, problem: String?) -> String {
        switch (recordedKind, keyring) {
        case (.secretService, nil):
            return "the data key (kept in the Secret Service, which this process does not ask: \(absence))"
        case (.secretService, let keyring?):
            return "the data key (\(problem.map { "\(keyring.location): \($0)" } ?? "no key in \(keyring.location)"))"
        case (_, let keyring?):
            return "the data key \(file.location) (nor in \(keyring.location)\(problem.map { ": \($0)" } ?? ""))"
        case (_, nil):
            return "the data key \(file.location)"
        }
    }

    /// An error's message without its type: a `DataError`'s message, else its description.
    static func text(of error: any Error) -> String {
        (error as? DataError)?.message ?? "\(error)"
    }
}
