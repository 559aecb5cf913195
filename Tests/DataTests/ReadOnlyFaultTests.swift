import Foundation
import StrataCrossCutting
import StrataData
import StrataStore
import StrataTestSupport
import Testing

/// What a read-only opener (strata-status) does with a misconfigured container.
@Suite("read-only opener faults")
struct ReadOnlyFaultTests {
    @Test("a container path that is a file, or lies under one, is an error naming it, not an absent store")
    func containerThatIsAFileIsRefused() async throws {
        let file = TemporaryRoot.directory("strata-file")
        try Data("not a folder".utf8).write(to: file)
        for url in [file, file.appendingPathComponent("strata")] {
            let error = try await #require(throws: DataError.self) {
                _ = try await DataLayerFactory.readOnly(container: ContainerDirectory(url: url), logger: quietLogger)
            }
            #expect(error.message.contains(url.path) && error.message.contains("not a directory"))
        }
    }

    @Test("a container path that cannot be looked at (a name too long, a loop of links) is an error naming why, not an absent store")
    func containerThatCannotBeLookedAtIsRefused() async throws {
        let root = TemporaryRoot.directory("strata-unreachable")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        let loop = root.appendingPathComponent("loop")
        try FileManager.default.createSymbolicLink(atPath: loop.path, withDestinationPath: loop.path)
        let cases = [
            (root.appendingPathComponent(String(repeating: "a", count: 300)), "the name is too long"),
            (loop, "too many symbolic links"),
        ]
        for (url, why) in cases {
            let error = try await #require(throws: DataError.self) {
                _ = try await DataLayerFactory.readOnly(container: ContainerDirectory(url: url), logger: quietLogger)
            }
            #expect(error.message.contains(why), "\(error)")
        }
    }

    @Test("requireKey: a store whose key file is missing is refused, naming the key; without it the reader still opens")
    func missingKeyIsRefusedWhenRequired() async throws {
        let container = temporaryContainer()
        _ = try await makeStore(container)
        let key = container.url.appendingPathComponent("keys/data.key")
        try FileManager.default.removeItem(at: key)
        let error = try await #require(throws: DataError.self) {
            _ = try await DataLayerFactory.readOnly(container: container, logger: quietLogger, requireKey: true)
        }
        #expect(error.message.contains(key.path) && error.message.contains("missing"))
        #expect(try await DataLayerFactory.readOnly(container: container, logger: quietLogger) != nil)
    }
}
