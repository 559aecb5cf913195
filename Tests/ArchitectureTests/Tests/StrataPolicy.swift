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

    /// The layer of Strata's policy called `name`.
    static func strataLayer(_ name: String) throws -> Layer {
        guard let layer = try strata().declaredLayers.first(where: { $0.name == name }) else {
            throw LayeringError("layers.json has no layer \(name)")
        }
        return layer
    }
}
