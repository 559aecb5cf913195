import Foundation
@testable import StrataLayering
import StrataTestSupport
import Testing

/// An attacker's (or a careless user's) pass over `strata-check-layers`' inputs: every bad
/// policy, baseline, package root, source file or option is one line on standard error naming
/// the file, key or option and what was expected, with status 65 (unreadable input) or 64
/// (usage), and never a crash, a hang or a Foundation error code.
@Suite("strata-check-layers refuses hostile and careless inputs in one line, never a crash or a hang")
struct HostileInputTests {
    /// A broken input file.
    enum BadFile: String, CaseIterable, Sendable {
        case huge, deeplyNested, notUTF8, folder, linkLoop, linkToNothing, empty, device

        /// Makes the file in `folder` and returns its path.
        func make(in folder: URL) throws -> String {
            let url = folder.appendingPathComponent("\(rawValue).json")
            switch self {
            case .huge: try Self.sparse(url, size: 50 << 20)
            case .deeplyNested: try Data(String(repeating: "[", count: 100_000).utf8).write(to: url)
            case .notUTF8: try Data([0x7B, 0xFF, 0xFE, 0x7D]).write(to: url)
            case .folder: try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
            case .linkLoop:
                let other = folder.appendingPathComponent("other-end.json")
                try FileManager.default.createSymbolicLink(atPath: url.path, withDestinationPath: other.path)
                try FileManager.default.createSymbolicLink(atPath: other.path, withDestinationPath: url.path)
            case .linkToNothing:
                try FileManager.default.createSymbolicLink(atPath: url.path, withDestinationPath: "nothing-here")
            case .empty: try Data().write(to: url)
            case .device: return "/dev/zero"
            }
            return url.path
        }

        /// What the tool's line says after the file's name, for a policy (`true`) or a baseline.
        func complaint(policy: Bool) -> String {
            let expected = policy ? "expected the policy: a JSON object" : "expected a layering baseline"
            return switch self {
            case .huge: policy ? "50 MiB, over the limit of 4 MiB; \(expected)" : "50 MiB, over the limit of 32 MiB; \(expected)"
            case .deeplyNested, .notUTF8:
                (policy ? "not valid JSON (" : "not a layering baseline (")
                    + (self == .notUTF8
                        ? "not UTF-8 text: invalid byte at offset 1)" : "arrays and objects nested deeper than 256 levels)")
            case .folder: "a folder; \(expected)"
            case .linkLoop: "a symbolic link loop; \(expected)"
            case .linkToNothing: "a symbolic link to nothing; \(expected)"
            case .empty: "empty; \(expected)"
            case .device: "not a regular file (a device, pipe or socket); \(expected)"
            }
        }

        /// A file of `size` bytes that takes no room on disk.
        static func sparse(_ url: URL, size: UInt64) throws {
            _ = FileManager.default.createFile(atPath: url.path, contents: nil)
            let handle = try FileHandle(forWritingTo: url)
            try handle.truncate(atOffset: size)
            try handle.close()
        }
    }

    /// Expects `outcome` to be exactly one line on standard error, with `status`, containing `text`.
    private static func expectOneLine(_ outcome: StrataProcess.Outcome, status: Int32, containing text: String) {
        #expect(outcome.status == status, "\(outcome)")
        #expect(outcome.stderrLines.count == 1, "\(outcome)")
        #expect(outcome.stderr.hasPrefix("strata-check-layers: ") && outcome.stderr.contains(text), "\(outcome)")
        #expect(!outcome.stderr.contains("NSCocoaErrorDomain") && !outcome.stderr.contains("Error Domain"))
    }

    @Test("a bad policy file is one line naming it and what was expected, status 65", arguments: BadFile.allCases)
    func badPolicy(_ bad: BadFile) async throws {
        let folder = try CheckLayersTool.copy(fixture: "clean")
        let path = try bad.make(in: folder)
        let outcome = try await CheckLayersTool.run(CheckLayersTool.arguments(root: folder, policy: URL(fileURLWithPath: path)))
        Self.expectOneLine(outcome, status: 65, containing: bad.complaint(policy: true))
    }

    @Test("a bad baseline file is one line naming it and what was expected, status 65", arguments: BadFile.allCases)
    func badBaseline(_ bad: BadFile) async throws {
        let folder = try CheckLayersTool.copy(fixture: "clean")
        let path = try bad.make(in: folder)
        let outcome = try await CheckLayersTool.run(CheckLayersTool.arguments(root: folder) + ["--baseline", path])
        Self.expectOneLine(outcome, status: 65, containing: bad.complaint(policy: false))
    }

    @Test("a bad baseline at the default place is read and refused, not silently skipped")
    func badDefaultBaseline() async throws {
        let folder = try CheckLayersTool.copy(fixture: "clean")
        let baseline = folder.appendingPathComponent("layers-baseline.json")
        try FileManager.default.createSymbolicLink(atPath: baseline.path, withDestinationPath: baseline.path)
        let outcome = try await CheckLayersTool.run(CheckLayersTool.arguments(root: folder))
        Self.expectOneLine(outcome, status: 65, containing: "layers-baseline.json: a symbolic link loop; expected a layering baseline")
    }

    @Test("a policy without read permission is refused in one line, or read when the tests run as root")
    func unreadablePolicy() async throws {
        let folder = try CheckLayersTool.copy(fixture: "clean")
        let policy = folder.appendingPathComponent("layers.json")
        try FileManager.default.copyItem(at: LayerPolicy.fixturePolicyFile, to: policy)  // Strata's, its targets may be absent
        try FileManager.default.setAttributes([.posixPermissions: 0], ofItemAtPath: policy.path)
        let outcome = try await CheckLayersTool.run(CheckLayersTool.arguments(root: folder, policy: policy))
        if access(policy.path, R_OK) == 0 {  // root reads anything: the tool sees a readable policy
            #expect(outcome.status == 0, "\(outcome)")
        } else {
            Self.expectOneLine(outcome, status: 65, containing: "\(policy.path): permission denied; expected the policy")
        }
    }

    @Test("a package root that is missing, a file, or has no Package.swift is one line naming --package-path, status 65")
    func badPackageRoot() async throws {
        let missing = try await CheckLayersTool.run(["--package-path", "/nonexistent/package"])
        Self.expectOneLine(missing, status: 65, containing: "--package-path /nonexistent/package: no such folder")
        let folder = try CheckLayersTool.copy(fixture: "clean")
        let file = folder.appendingPathComponent("package.json").path
        let notAFolder = try await CheckLayersTool.run(["--package-path", file])
        Self.expectOneLine(notAFolder, status: 65, containing: "--package-path \(file): a file, not a folder; expected the folder")
        let noManifest = try await CheckLayersTool.run(["--package-path", folder.path])
        Self.expectOneLine(
            noManifest, status: 65, containing: "no Package.swift in \(folder.path); expected the folder of a SwiftPM package"
        )
    }

    @Test("a package root that is a link to a folder elsewhere is checked like the folder itself")
    func linkedPackageRoot() async throws {
        let folder = try CheckLayersTool.copy(fixture: "clean")
        let link = TemporaryRoot.directory("layers-link")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: folder.path)
        let outcome = try await CheckLayersTool.run(CheckLayersTool.arguments(root: link))
        #expect(outcome.status == 0, "\(outcome)")
        #expect(outcome.stdout.hasPrefix("No layering violations in "))
    }

    @Test("a Package.swift SwiftPM cannot evaluate is one line naming dump-package and its error, status 65")
    func undescribablePackage() async throws {
        let folder = TemporaryRoot.directory("layers-broken-manifest")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("this is not a manifest\n".utf8).write(to: folder.appendingPathComponent("Package.swift"))
        let outcome = try await CheckLayersTool.run([
            "--package-path", folder.path, "--policy", LayerPolicy.repositoryRoot.appendingPathComponent("layers.json").path,
        ])
        Self.expectOneLine(outcome, status: 65, containing: "`swift package dump-package` failed in \(folder.path) (status ")
    }

    @Test("a bad --package-json file is one line naming it, status 65", arguments: [BadFile.huge, .deeplyNested, .folder, .empty])
    func badPackageDescription(_ bad: BadFile) async throws {
        let folder = try CheckLayersTool.copy(fixture: "clean")
        try FileManager.default.removeItem(at: folder.appendingPathComponent("package.json"))
        _ = try bad.make(in: folder)
        let policy = LayerPolicy.repositoryRoot.appendingPathComponent("layers.json").path
        let outcome = try await CheckLayersTool.run(
            ["--package-path", folder.path, "--package-json", "\(bad.rawValue).json", "--policy", policy]
        )
        Self.expectOneLine(outcome, status: 65, containing: "\(bad.rawValue).json: ")
    }

    @Test("a source file that is too large or not UTF-8 is one line naming it and its target, status 65")
    func unreadableSources() async throws {
        let huge = try CheckLayersTool.copy(fixture: "clean")
        try BadFile.sparse(huge.appendingPathComponent("Modules/Data/Store.swift"), size: 9 << 20)
        Self.expectOneLine(
            try await CheckLayersTool.run(CheckLayersTool.arguments(root: huge)), status: 65,
            containing: "Modules/Data/Store.swift: 9 MiB, over the limit of 8 MiB; expected a Swift source file of target StrataData"
        )
        let binary = try CheckLayersTool.copy(fixture: "clean")
        try Data([0x69, 0x6D, 0xC3, 0x28, 0x00, 0xFF]).write(to: binary.appendingPathComponent("Modules/Data/Store.swift"))
        Self.expectOneLine(
            try await CheckLayersTool.run(CheckLayersTool.arguments(root: binary)), status: 65,
            containing: "Modules/Data/Store.swift: not UTF-8 text (invalid byte at offset 2); expected a Swift source file of "
                + "target StrataData"
        )
    }

    @Test("hostile but valid text in a source file is read to the end without a crash", arguments: [
        String(repeating: "\"\\(", count: 100_000), String(repeating: "{", count: 100_000), String(repeating: "(", count: 100_000),
        "/* never closed " + String(repeating: "/* ", count: 10_000), "let s = \"\"\"\nnever closed", "\0\0import\0\0",
    ])
    func hostileSourceText(_ text: String) async throws {
        let folder = try CheckLayersTool.copy(fixture: "clean")
        try Data(text.utf8).write(to: folder.appendingPathComponent("Modules/Data/Hostile.swift"))
        let outcome = try await CheckLayersTool.run(CheckLayersTool.arguments(root: folder))
        #expect(outcome.status == 0, "\(outcome)")
        #expect(outcome.stdout.hasPrefix("No layering violations in 9 targets, 9 Swift files."))
    }

    @Test("an option given twice is a usage error naming it, status 64", arguments: [
        ["--format", "json", "--format", "text"], ["--format=json", "--format", "json"], ["--policy", "a", "--policy=b"],
        ["--package-path", ".", "--package-path", "."], ["--explain", "layer-rank", "--explain", "layer-rank"],
        ["--baseline", "a", "--baseline", "b"], ["--no-baseline", "--no-baseline"], ["--graph", "dot", "--graph", "dot"],
        ["--package-json", "a", "--package-json", "a"], ["--plugin", "check-layers", "--plugin", "check-layers"],
    ])
    func repeatedOptions(_ arguments: [String]) async throws {
        let option = String(arguments[0].prefix { $0 != "=" })
        Self.expectOneLine(
            try await CheckLayersTool.run(arguments), status: 64,
            containing: "\(option) is given twice; expected each option once (see strata-check-layers --help)"
        )
    }

    @Test("an unknown option, a bad --graph, a missing value, and --write-baseline through check-layers are usage errors (64)")
    func unknownOptions() async throws {
        Self.expectOneLine(try await CheckLayersTool.run(["--frobnicate"]), status: 64, containing: "Unknown option '--frobnicate'")
        Self.expectOneLine(
            try await CheckLayersTool.run(["--graph", "svg"]), status: 64, containing: "The value 'svg' is invalid for '--graph"
        )
        Self.expectOneLine(
            try await CheckLayersTool.run(["--format"]), status: 64, containing: "Missing value for '--format <format>'"
        )
        Self.expectOneLine(
            try await CheckLayersTool.run(["--plugin", "check-layers", "--write-baseline"]), status: 64,
            containing: "check-layers only reads the package; write the baseline with `swift package"
        )
    }

    @Test("write-layers-baseline's --plugin means --write-baseline; the plugins run the tool in the package's folder")
    func pluginVerbs() async throws {
        let folder = try CheckLayersTool.copy(fixture: "layer-rank")
        let outcome = try await CheckLayersTool.run(["--plugin", "write-layers-baseline"] + CheckLayersTool.arguments(root: folder))
        #expect(outcome.status == 0, "\(outcome)")
        #expect(outcome.stdout == "Wrote 3 violation(s) to layers-baseline.json: later runs report only new ones.\n")
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("layers-baseline.json").path))
    }
}
