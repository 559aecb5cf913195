import Foundation
import StrataCrossCutting
import StrataTestSupport
import Testing

@Suite("The shared container directory")
struct ContainerDirectoryTests {
    @Test("STRATA_HOME wins over XDG_DATA_HOME and HOME")
    func strataHomeWins() throws {
        let directory = try ContainerDirectory.resolve(
            environment: ["STRATA_HOME": "/srv/strata", "XDG_DATA_HOME": "/xdg", "HOME": "/home/u"])
        #expect(directory.url.path == "/srv/strata")
    }

    @Test("XDG_DATA_HOME/strata comes next, then ~/.local/share/strata")
    func fallbacks() throws {
        #expect(try ContainerDirectory.resolve(environment: ["XDG_DATA_HOME": "/xdg", "HOME": "/home/u"]).url.path == "/xdg/strata")
        #expect(try ContainerDirectory.resolve(environment: ["HOME": "/home/u"]).url.path == "/home/u/.local/share/strata")
        #expect(try ContainerDirectory.resolve(environment: ["STRATA_HOME": "", "HOME": "/home/u"]).url.path == "/home/u/.local/share/strata")
    }

    @Test("no usable variable, or a relative path, is a clear error naming the variable")
    func errorsNameTheVariable() throws {
        let missing = try #require(throws: CrossCuttingError.self) { try ContainerDirectory.resolve(environment: [:]) }
        #expect(missing.code == .noHomeDirectory)
        #expect(missing.message.contains("STRATA_HOME"))
        let relative = try #require(throws: CrossCuttingError.self) {
            try ContainerDirectory.resolve(environment: ["STRATA_HOME": "relative/dir"])
        }
        #expect(relative.code == .badEnvironment)
        #expect(relative.message == "STRATA_HOME=relative/dir must be an absolute path")
    }

    @Test("prepare creates the directory owner-only and never changes an existing one")
    func prepareIsOwnerOnly() throws {
        let url = TemporaryRoot.directory("strata-cc").appendingPathComponent("a/b")
        let directory = ContainerDirectory(url: url)
        #expect(!directory.exists)
        try directory.prepare()
        #expect(directory.exists)
        #expect(try mode(of: url) == 0o700)
        try FileManager.default.setAttributes([.posixPermissions: 0o1777], ofItemAtPath: url.path)
        try directory.prepare()
        #expect(try mode(of: url) == 0o1777)
        #expect(directory.storeURL.lastPathComponent == StrataConstants.storeFileName)
        #expect(directory.inboxURL.lastPathComponent == "inbox")
    }

    @Test("a file where the directory should be is a clear error, and the file is left alone")
    func fileInTheWayIsAnError() throws {
        let url = TemporaryRoot.directory("strata-cc-file")
        defer { try? FileManager.default.removeItem(at: url) }
        try Data("x".utf8).write(to: url)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: url.path)
        let error = try #require(throws: CrossCuttingError.self) { try ContainerDirectory(url: url).prepare() }
        #expect(error.code == .containerDirectory)
        #expect(error.message == "\(url.path) exists but is not a directory; expected a directory for Strata's data")
        #expect(try mode(of: url) == 0o644)
    }

    @Test("a symbolic link to nothing is named as such, with its target, not 'already exists'; nothing is created")
    func danglingLinkIsNamed() throws {
        let link = TemporaryRoot.directory("strata-cc-link")
        let target = TemporaryRoot.directory("strata-cc-missing")
        defer { try? FileManager.default.removeItem(at: link) }
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: target.path)
        let error = try #require(throws: CrossCuttingError.self) { try ContainerDirectory(url: link).prepare() }
        #expect(error.code == .containerDirectory)
        #expect(error.message.contains("\(link.path) is a symbolic link to \(target.path), which does not exist"), "\(error)")
        #expect(!error.message.contains("already exists"), "\(error)")
        #expect(!FileManager.default.fileExists(atPath: target.path))
    }

    private func mode(of url: URL) throws -> Int16? {
        (try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? NSNumber)?.int16Value
    }
}
