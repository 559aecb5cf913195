import Foundation
@testable import StrataLayering

extension LayerPolicy {
    /// The repository's root: `Tests/ArchitectureTests/Tests/` is three levels below it.
    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Strata's own policy, read once from the repository's `layers.json`.
    private static let strataPolicy = Result { try LayerPolicy.load(from: repositoryRoot.appendingPathComponent("layers.json")) }

    /// Strata's own policy, as `layers.json` at the repository root states it.
    ///
    /// - Throws: ``LayeringError`` when the file is missing or malformed.
    static func strata() throws -> LayerPolicy {
        try strataPolicy.get()
    }

    /// Strata's policy as the fixtures use it: every placement may be missing (a fixture has a
    /// few of Strata's targets), as the top-level `"mayBeAbsent": true` says in a shared policy.
    static func strataForFixtures() throws -> LayerPolicy {
        try strata().allowingAbsentTargets()
    }

    /// A file holding Strata's `layers.json` with `"mayBeAbsent": true` at the top level, for
    /// running the executable on a fixture (the repository's own file when it cannot be written).
    static let fixturePolicyFile: URL = {  // written once per test process
        let original = repositoryRoot.appendingPathComponent("layers.json")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("strata-fixture-policy-\(getpid())")
        let copy = folder.appendingPathComponent("layers.json")  // named like the original: fix messages name it
        guard let data = try? Data(contentsOf: original),
              var object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return original }
        object["mayBeAbsent"] = true
        guard let shared = try? JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys]),
              (try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)) != nil,
              (try? shared.write(to: copy, options: .atomic)) != nil else { return original }
        return copy
    }()

    /// The layer of Strata's policy called `name`.
    static func strataLayer(_ name: String) throws -> Layer {
        guard let layer = try strata().declaredLayers.first(where: { $0.name == name }) else {
            throw LayeringError("layers.json has no layer \(name)")
        }
        return layer
    }
}
