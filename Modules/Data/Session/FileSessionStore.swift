#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import StrataCrossCutting
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif
import StrataSession
import StrataStore

/// The live `SessionStore`: `<container>/session.bin`, the `AuthInfo` as JSON sealed
/// with the data layer's ``FieldCipher``, owner-only (0600), replaced atomically.
///
/// ``current()`` is called on every save (the store records each object's owner), so the
/// decoded session is cached against the file's identity (inode, size, modification time):
/// an unchanged file costs one `stat`. A session written by another process changes the
/// identity and is read again.
final class FileSessionStore: SessionStore {
    /// The session file's name in the container directory.
    static let fileName = "session.bin"

    /// Where the session lives.
    let fileURL: URL
    /// `fileURL`'s path, made once: every save examines the file, and `URL.path` costs
    /// more than the `stat` (issue 29's offline-edit profile).
    private let filePath: String
    private let directory: URL
    private let cipher: @Sendable () throws -> FieldCipher
    private let cache = Mutex<Cached?>(nil)
    /// Where the file is read and written for `async` callers: the database's queue.
    private let queue: BlockingLane

    /// The decoded session and the identity of the file it came from.
    private struct Cached {
        var stamp: FileStamp
        var info: AuthInfo
    }

    /// A session store in `container`; `cipher` supplies the key (called on each read and
    /// write of the file, so a read-only opener without a key fails only when it is needed).
    /// `clock` is not asked: no clock ends a session (see ``current()``).
    init(
        container: ContainerDirectory, cipher: @escaping @Sendable () throws -> FieldCipher, clock: any StrataClock,
        queue: BlockingLane = BlockingLane(label: "strata.session")
    ) {
        directory = container.url
        fileURL = container.url.appendingPathComponent(Self.fileName)
        filePath = fileURL.path
        self.cipher = cipher
        self.queue = queue
    }

    /// The session store beside `database`'s file, using its cipher and clock.
    convenience init(database: SQLiteDatabase) {
        self.init(
            container: ContainerDirectory(url: database.url.deletingLastPathComponent()),
            cipher: { try database.requireCipher(for: "the session file") }, clock: database.clock, queue: database.queue)
    }

    func current() async throws -> AuthInfo? {
        try await queue.run { try self.currentNow() }
    }

    func save(_ info: AuthInfo) async throws {
        try await queue.run { try self.saveNow(info) }
    }

    func clear() async throws {
        try await queue.run { try self.clearNow() }
    }

    /// ``current()`` on the calling thread: for the store's own writes, which already run on
    /// the database's queue (``owner()``).
    ///
    /// The session is returned whatever this device's clock says of its expiry: a clock that
    /// was wrong at the login, or was set right (or wrong) since, never ends a session the
    /// server still honours. The server's 401 decides, and ``clear()`` (a logout) ends it.
    private func currentNow() throws -> AuthInfo? {
        try stored()
    }

    private func saveNow(_ info: AuthInfo) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let plain: Data
        do {
            plain = try encoder.encode(info)
        } catch {
            throw DataError(.invalidQuery, "cannot encode the session for \(fileURL.path): \(error)")
        }
        do {
            try ContainerDirectory.makeOwnerOnlyDirectory(directory)
        } catch {
            throw DataError(.cannotOpen, "cannot write the session file \(fileURL.path): \(error)")
        }
        try AtomicFile.write(try cipher().seal(plain), to: fileURL)
        let stamp = try FileStamp.of(path: filePath)
        cache.withLock { $0 = stamp.map { Cached(stamp: $0, info: info) } }
    }

    private func clearNow() throws {
        cache.withLock { $0 = nil }
        guard unlink(fileURL.path) == 0 || errno == ENOENT else {
            throw DataError(.cannotOpen, "cannot remove the session file \(fileURL.path): \(String(cString: strerror(errno)))")
        }
    }

    /// Who owns objects saved now: the signed-in user and their primary group, or `nil`/`nil`
    /// without a session (also when the session file cannot be read).
    func owner() -> (user: String?, group: String?) {
        guard let info = try? currentNow() else { return (nil, nil) }
        return (info.userID, info.primaryGroup)
    }

    /// The signed-in user's id and account name, or `nil` without a session (also when the
    /// session file cannot be read); on the calling thread, as ``owner()``.
    func signedIn() -> (userID: String, account: String)? {
        guard let info = try? currentNow() else { return nil }
        return (info.userID, info.account)
    }

    /// Whose objects `QueryScope` `mine` and `group` mean now: the signed-in user and all
    /// their groups, or `nil` and none without a valid session.
    func viewer() -> QueryViewer {
        guard let info = try? currentNow() else { return QueryViewer() }
        return QueryViewer(user: info.userID, groups: info.groups.map(\.groupID))
    }

    /// The stored session, expired or not: from the cache while the file is unchanged.
    private func stored() throws -> AuthInfo? {
        guard let stamp = try FileStamp.of(path: filePath) else {
            cache.withLock { $0 = nil }
            return nil
        }
        if let cached = cache.withLock({ $0 }), cached.stamp == stamp { return cached.info }
        let info = try read()
        cache.withLock { $0 = Cached(stamp: stamp, info: info) }
        return info
    }

    /// Reads, decrypts and decodes the file.
    private func read() throws -> AuthInfo {
        var info = stat()
        if lstat(fileURL.path, &info) == 0, (info.st_mode & S_IFMT) != S_IFREG {
            // Reading a folder or a FIFO gives a Foundation error code, or waits for ever.
            throw DataError(
                .cannotOpen,
                "the session file \(fileURL.path) is not a regular file; move it away and sign in again "
                    + "(`strata-host account login`)")
        }
        let sealed: Data
        do {
            sealed = try Data(contentsOf: fileURL)
        } catch {
            throw DataError(
                .cannotOpen, "cannot read the session file \(fileURL.path): \(FileProblem.describe(error, path: fileURL.path))")
        }
        let plain: Data
        do {
            plain = try cipher().open(sealed, what: "the session file \(fileURL.path)")
        } catch {
            throw DataError(
                .cannotOpen,
                "cannot decrypt the session file \(fileURL.path) (damaged, or sealed with another key); "
                    + "sign in again to replace it: \(error)")
        }
        do {
            return try JSONDecoder().decode(AuthInfo.self, from: plain)
        } catch {
            throw DataError(
                .cannotOpen,
                "the session file \(fileURL.path) does not hold a session (damaged); sign in again to replace it")
        }
    }
}
