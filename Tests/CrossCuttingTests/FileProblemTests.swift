import Foundation
import StrataCrossCutting
import StrataTestSupport
import Testing

@Suite("File problems in plain words, never a Foundation error code")
struct FileProblemTests {
    @Test("a directory under a file, a directory read as a file, a missing file: each named in words")
    func plainWords() throws {
        let root = TemporaryRoot.directory("strata-fp")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        let file = root.appendingPathComponent("file")
        try Data("x".utf8).write(to: file)

        let under = file.appendingPathComponent("strata")
        let notDirectory = try #require(throws: (any Error).self) {
            try FileManager.default.createDirectory(at: under, withIntermediateDirectories: true)
        }
        #expect(FileProblem.describe(notDirectory, path: under.path) == "not a directory (\(file.path) is a file)")

        let isDirectory = try #require(throws: (any Error).self) { try Data(contentsOf: root) }
        #expect(FileProblem.describe(isDirectory, path: root.path) == "is a directory")

        let missing = root.appendingPathComponent("missing")
        let noFile = try #require(throws: (any Error).self) { try Data(contentsOf: missing) }
        #expect(FileProblem.describe(noFile, path: missing.path) == "no such file or directory")
    }

    @Test("STRATA_HOME under a file says 'not a directory' and names the file, with no Foundation code")
    func containerUnderAFile() throws {
        let root = TemporaryRoot.directory("strata-fp")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        let file = root.appendingPathComponent("file")
        try Data("x".utf8).write(to: file)
        let error = try #require(throws: CrossCuttingError.self) {
            try ContainerDirectory(url: file.appendingPathComponent("strata")).prepare()
        }
        #expect(error.message.contains("not a directory (\(file.path) is a file)"), "\(error.message)")
        #expect(!error.message.contains("NSCocoaErrorDomain"), "\(error.message)")
        #expect(!error.message.contains("error 512"), "\(error.message)")
    }

    @Test("an NSError that full Foundation made is worded as before (StrataCrossCutting imports only Essentials)")
    func foundationNSError() {
        let posix = NSError(domain: NSPOSIXErrorDomain, code: Int(EACCES))
        #expect(FailureLine.line(program: "strata-host", error: posix, verbose: false) == "strata-host: permission denied")
        let cocoa = NSError(domain: NSCocoaErrorDomain, code: CocoaError.fileReadNoSuchFile.rawValue, userInfo: [
            NSFilePathErrorKey: "/tmp/x", NSUnderlyingErrorKey: NSError(domain: NSPOSIXErrorDomain, code: Int(EISDIR)),
        ])
        #expect(FailureLine.line(program: "strata-host", error: cocoa, verbose: false) == "strata-host: /tmp/x: is a directory")
        let other = NSError(domain: "SomeDomain", code: 3)
        #expect(FailureLine.line(program: "strata-host", error: other, verbose: false) == "strata-host: \(other)")
    }
}
