import Foundation
@testable import StrataLayering

/// The planted fixtures under `Tests/ArchitectureTests/Fixtures/<case>/`: a `package.json` in
/// `swift package dump-package` shape plus small source files. They are never compiled (the
/// test target excludes the folder) and never given to `swift`: the checker reads them as
/// it reads the real repository.
enum Fixture {
    /// The `Fixtures` folder next to this file's folder.
    static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()
        .deletingLastPathComponent()
        .appendingPathComponent("Fixtures", isDirectory: true)

    /// Every fixture case name.
    static var cases: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { !$0.hasPrefix(".") }.sorted()
    }

    /// The package description of fixture `name`.
    static func package(_ name: String) throws -> PackageModel {
        let file = folder.appendingPathComponent(name).appendingPathComponent("package.json")
        return try PackageModel(dumpJSON: try Data(contentsOf: file), source: "Fixtures/\(name)/package.json")
    }

    /// Every violation the checker finds in fixture `name`, ordered by file and line.
    static func violations(_ name: String) throws -> [Violation] {
        let root = folder.appendingPathComponent(name, isDirectory: true)
        let checker = LayeringChecker(
            package: try package(name), policy: try policy(name), root: root, manifestPath: "package.json"
        )
        return try checker.check()
    }

    /// The fixture's own `layers.json` when it has one, else Strata's policy with every target
    /// allowed to be missing (``LayerPolicy/strataForFixtures()``).
    static func policy(_ name: String) throws -> LayerPolicy {
        let own = folder.appendingPathComponent(name).appendingPathComponent("layers.json")
        return FileManager.default.fileExists(atPath: own.path) ? try LayerPolicy.load(from: own) : try LayerPolicy.strataForFixtures()
    }

    /// The 1-based line of target `target`'s declaration in fixture `name`'s `package.json`.
    static func manifestLine(ofTarget target: String, in name: String) throws -> Int {
        let file = folder.appendingPathComponent(name).appendingPathComponent("package.json")
        let text = try String(contentsOf: file, encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard let index = lines.firstIndex(where: { $0.contains("\"name\" : \"\(target)\"") }) else {
            throw LayeringError("no target \(target) in Fixtures/\(name)/package.json")
        }
        return index + 1
    }
}

extension Violation {
    /// `rule path:line`: what a fixture test compares.
    var location: String {
        "\(rule.rawValue) \(path):\(line)"
    }
}
