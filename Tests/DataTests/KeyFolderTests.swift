import Foundation
import StrataCrossCutting
import StrataData
import StrataStore
import Testing

/// The key folder is put right on every writable open: leftovers of a key creation killed
/// half-way are removed, and a folder others may enter is made owner-only again.
@Suite("key folder upkeep")
struct KeyFolderTests {
    @Test("a temporary key file left by a killed creator is removed on the next open; look-alikes stay")
    func leftoverTemporaryKeysAreRemoved() async throws {
        let container = temporaryContainer()
        _ = try await DataLayerFactory.live(container: container, logger: quietLogger)
        let keys = container.url.appendingPathComponent("keys")
        let manager = FileManager.default
        let hourAgo = Date().addingTimeInterval(-3600)
        func plant(_ name: String, modified: Date) throws -> URL {
            let url = keys.appendingPathComponent(name)
            try Data(repeating: 7, count: 32).write(to: url)
            try manager.setAttributes([.modificationDate: modified, .posixPermissions: 0o600], ofItemAtPath: url.path)
            return url
        }
        let leftover = try plant(".data.key.4194000.\(UUID().uuidString)", modified: hourAgo)
        let otherLeftover = try plant(".data.key.4193999.\(UUID().uuidString)", modified: hourAgo)
        let runningCreator = try plant(".data.key.\(getppid()).\(UUID().uuidString)", modified: hourAgo)
        let notOurPattern = try plant(".data.key.4194000.not-a-uuid", modified: hourAgo)
        let unrelated = try plant("notes.txt", modified: hourAgo)
        let fresh = try plant(".data.key.\(ProcessInfo.processInfo.processIdentifier).\(UUID().uuidString)", modified: Date().addingTimeInterval(60))

        _ = try await DataLayerFactory.live(container: container, logger: quietLogger)

        #expect(!manager.fileExists(atPath: leftover.path))
        #expect(!manager.fileExists(atPath: otherLeftover.path))
        #expect(manager.fileExists(atPath: notOurPattern.path))
        #expect(manager.fileExists(atPath: runningCreator.path), "a creator still running (even stopped) keeps its file")
        #expect(manager.fileExists(atPath: unrelated.path))
        #expect(manager.fileExists(atPath: fresh.path), "a temporary key younger than this process may be in use")
        #expect(manager.fileExists(atPath: keys.appendingPathComponent("data.key").path))
    }

    @Test("a key folder others may enter is tightened to 0700 by the next writable open")
    func wideKeyFolderIsTightened() async throws {
        let container = temporaryContainer()
        _ = try await DataLayerFactory.live(container: container, logger: quietLogger)
        let keys = container.url.appendingPathComponent("keys")
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: keys.path)

        _ = try await DataLayerFactory.live(container: container, logger: quietLogger)

        let mode = try FileManager.default.attributesOfItem(atPath: keys.path)[.posixPermissions] as? Int
        #expect(mode == 0o700)
    }

    @Test("a key folder that is a symbolic link is refused, naming the folder")
    func symlinkedKeyFolderIsRefused() async throws {
        let container = temporaryContainer()
        _ = try await DataLayerFactory.live(container: container, logger: quietLogger)
        let keys = container.url.appendingPathComponent("keys")
        let elsewhere = container.url.appendingPathComponent("elsewhere")
        try FileManager.default.moveItem(at: keys, to: elsewhere)
        try FileManager.default.createSymbolicLink(at: keys, withDestinationURL: elsewhere)

        let error = try await #require(throws: DataError.self) {
            _ = try await DataLayerFactory.live(container: container, logger: quietLogger)
        }
        #expect(error.message.contains(keys.path))
    }
}
