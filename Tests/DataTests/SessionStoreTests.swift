import Foundation
import StrataCrossCutting
import Testing

@testable import StrataData
import StrataSession
import StrataStore

@Suite("Session store: encrypted, owner-only, expiring auth info")
struct SessionStoreTests {
    private static let now = Date(timeIntervalSince1970: 1_750_000_000)

    private static let info = AuthInfo(
        userID: "user-4711", account: "nurse.sigrid@example.org",
        groups: [
            GroupRole(groupID: "g-ward-3", groupName: "Ward 3", roleName: "Admin"),
            GroupRole(groupID: "g-icu", groupName: "ICU", roleName: "Member"),
        ],
        token: "tok-SECRET-9f8e7d6c5b4a", validUntil: now.addingTimeInterval(3600))

    /// A session store in a fresh container (created) using that container's key.
    private static func makeStore(
        _ container: ContainerDirectory = temporaryContainer(), at instant: Date = now
    ) throws -> FileSessionStore {
        try container.prepare()
        let cipher = try #require(try FieldCipher.load(from: container, create: true))
        return FileSessionStore(container: container, cipher: { cipher }, clock: FixedClock(instant))
    }

    @Test("a saved session comes back as it was saved")
    func sessionRoundTrips() async throws {
        let store = try Self.makeStore()
        #expect(try await store.current() == nil)
        try await store.save(Self.info)
        #expect(try await store.current() == Self.info)
        #expect(store.owner() == ("user-4711", "g-ward-3"))
    }

    @Test("a session that looks expired on this clock is still the session (the server's 401 decides); it looks valid until, not at, its expiry")
    func expiryNeverEndsTheSession() async throws {
        let container = temporaryContainer()
        try await Self.makeStore(container).save(Self.info)
        let justBefore = try Self.makeStore(container, at: Self.info.validUntil.addingTimeInterval(-0.001))
        #expect(try await justBefore.current() == Self.info)
        #expect(Self.info.isValid(at: Self.info.validUntil.addingTimeInterval(-0.001)))
        #expect(!Self.info.isValid(at: Self.info.validUntil))
        let atExpiry = try Self.makeStore(container, at: Self.info.validUntil)
        #expect(try await atExpiry.current() == Self.info)
        #expect(atExpiry.owner() == ("user-4711", "g-ward-3"))
        let later = try Self.makeStore(container, at: Self.info.validUntil.addingTimeInterval(86_400))
        #expect(try await later.current() == Self.info)
        try await later.clear()
        #expect(try await later.current() == nil && later.owner() == (nil, nil))
    }

    @Test("logging out removes the session file; clearing twice is harmless")
    func logoutClears() async throws {
        let store = try Self.makeStore()
        try await store.save(Self.info)
        try await store.clear()
        #expect(try await store.current() == nil)
        #expect(!FileManager.default.fileExists(atPath: store.fileURL.path))
        try await store.clear()
        #expect(store.owner() == (nil, nil))
    }

    @Test("the session file is owner-only and no temporary file is left behind")
    func fileIsOwnerOnly() async throws {
        let store = try Self.makeStore()
        try await store.save(Self.info)
        try await store.save(Self.info)
        let attributes = try FileManager.default.attributesOfItem(atPath: store.fileURL.path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.int16Value == 0o600)
        let names = try FileManager.default.contentsOfDirectory(atPath: store.fileURL.deletingLastPathComponent().path)
        #expect(!names.contains { $0.hasSuffix(".tmp") })
    }

    @Test("neither the token, the account nor the user id appear in plaintext in the file")
    func fileHoldsNoPlaintext() async throws {
        let store = try Self.makeStore()
        try await store.save(Self.info)
        let bytes = try Data(contentsOf: store.fileURL)
        for secret in [Self.info.token, Self.info.account, Self.info.userID, "Ward 3"] {
            #expect(bytes.range(of: Data(secret.utf8)) == nil, "\(secret) is readable in \(store.fileURL.path)")
        }
    }

    @Test("a session saved by another process is seen; a new save replaces the old one")
    func anotherWriterIsSeen() async throws {
        let container = temporaryContainer()
        let reader = try Self.makeStore(container)
        let writer = try Self.makeStore(container)
        try await writer.save(Self.info)
        #expect(try await reader.current() == Self.info)
        var other = Self.info
        other.userID = "user-2"
        other.groups = []
        try await writer.save(other)
        #expect(try await reader.current() == other)
        #expect(reader.owner() == ("user-2", nil))
        try await writer.clear()
        #expect(try await reader.current() == nil)
    }

    @Test("a damaged session file is a clear error naming the file, not a crash")
    func damagedFileIsAClearError() async throws {
        let store = try Self.makeStore()
        try Data("not a sealed session".utf8).write(to: store.fileURL)
        let error = try await #require(throws: DataError.self) { try await store.current() }
        #expect(error.code == .cannotOpen)
        #expect(error.message.contains(store.fileURL.path))
        #expect(store.owner() == (nil, nil))
        try await store.save(Self.info)
        #expect(try await store.current() == Self.info)
    }

    @Test("a session file that is a folder or a FIFO is named as no regular file: no Foundation error code, no wait")
    func sessionFileThatIsNoFile() async throws {
        for make in [
            { (url: URL) in try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false) },
            { (url: URL) in #expect(mkfifo(url.path, 0o600) == 0) },
        ] {
            let store = try Self.makeStore()
            try make(store.fileURL)
            let error = try await #require(throws: DataError.self) { try await store.current() }
            #expect(error.message.contains("\(store.fileURL.path) is not a regular file"), "\(error)")
            #expect(!error.message.contains("NSCocoaErrorDomain") && !error.message.contains("permission"), "\(error)")
        }
    }

    @Test("a session sealed with another key is a clear error naming the file")
    func otherKeyIsAClearError() async throws {
        let container = temporaryContainer()
        try await Self.makeStore(container).save(Self.info)
        let foreign = temporaryContainer()
        try foreign.prepare()
        let otherCipher = try #require(try FieldCipher.load(from: foreign, create: true))
        let store = FileSessionStore(container: container, cipher: { otherCipher }, clock: FixedClock(Self.now))
        let error = try await #require(throws: DataError.self) { try await store.current() }
        #expect(error.message.contains(store.fileURL.path))
    }

    @Test("the store's database-backed session store lives in the container as session.bin")
    func databaseSessionStoreUsesTheContainer() async throws {
        let container = temporaryContainer()
        try container.prepare()
        let database = try await SQLiteDatabase.open(
            container: container, mode: .readWrite, logger: quietLogger, clock: FixedClock(Self.now))
        let store = FileSessionStore(database: database)
        #expect(store.fileURL == container.url.appendingPathComponent("session.bin"))
        try await store.save(Self.info)
        #expect(try await store.current() == Self.info)
    }
}
