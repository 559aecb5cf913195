public import Foundation

/// The architecture as data: which layer every target belongs to, the isolated sides, which
/// modules need no declaration, the composition roots and the allowed exceptions. It is read
/// from the package's `layers.json` (see ``LayerPolicy/load(from:)``); ``LayeringChecker``
/// enforces it.
///
/// A target in the package without a placement here is a violation (`unassigned-target`):
/// a new module forces a decision about where it sits.
public struct LayerPolicy: Sendable {
    /// The layers in the order the policy lists them.
    public let declaredLayers: [Layer]
    /// Every non-test target's placement by name. Test targets are placed automatically.
    public let placements: [Placement]
    /// Placements by folder (`Modules/MicroApps/*`) for targets not placed by name, first match
    /// first; ``resolved(for:)`` turns them into ``placements`` of a package's targets.
    public let patterns: [PlacementPattern]
    /// The isolated sides (programs that never import each other's modules).
    public let sides: [IsolatedSide]
    /// Modules of the toolchain any target may import without declaring them.
    public let toolchainModules: Set<String>
    /// Toolchain modules only test targets (and test support) may import.
    public let testOnlyToolchainModules: Set<String>
    /// Public protocols of the abstraction-only modules that describe *values*, not services:
    /// a public struct or enum may conform to them. Every other public protocol of such a
    /// module is a service protocol, and a public type that conforms to one is an
    /// implementation on the public surface (`public-surface`). A protocol that refines a
    /// value protocol is one too.
    public let valueProtocols: Set<String>
    /// Targets that are composition roots besides executables, tests and test support.
    public let compositionRootTargets: Set<String>
    /// Whether every executable target is a composition root (the default).
    public let executablesAreCompositionRoots: Bool
    /// The upcoming features every Swift target must enable (`strict-settings`; empty: the
    /// rule only checks the language mode).
    public let requiredUpcomingFeatures: [String]
    /// The lowest Swift language mode a target may set (`"6"`), or `nil` to allow any.
    public let minimumLanguageMode: String?
    /// Violations allowed on purpose, each with its reason.
    public let exceptions: [PolicyException]
    /// The policy file, as messages name it (`layers.json`).
    public let source: String
    /// The policy file read (``load(from:)`` sets it), so findings about the policy point at
    /// its lines; `nil` for a policy built in code or from bytes.
    public var fileURL: URL?
    /// Whether every placed target may be missing (the top-level `"mayBeAbsent": true` of a
    /// policy shared by several packages): then no policy entry is an `unknown-target` finding.
    public internal(set) var targetsMayBeAbsent = false
    /// Declared values of `#if` conditions by atom (`os(Windows)`: false, `DEBUG`: true): a
    /// branch they make false is dead, and its imports are not checked. Unknown conditions keep
    /// every branch counted.
    public var conditions: [String: Bool] = [:]
    /// Index of ``placements`` by target name (the first of a name), so a look-up costs the same
    /// for 3,000 targets as for 30.
    private let placementIndex: [String: Int]

    /// A policy from its parts (the JSON file is the usual way: ``load(from:)``).
    public init(
        layers: [Layer], placements: [Placement], patterns: [PlacementPattern] = [], sides: [IsolatedSide] = [],
        toolchainModules: Set<String>,
        testOnlyToolchainModules: Set<String>, valueProtocols: Set<String>,
        compositionRootTargets: Set<String> = [], executablesAreCompositionRoots: Bool = true,
        requiredUpcomingFeatures: [String] = [], minimumLanguageMode: String? = nil,
        exceptions: [PolicyException] = [], source: String = "layers.json"
    ) {
        self.declaredLayers = layers
        self.placements = placements
        self.placementIndex = Dictionary(placements.enumerated().map { ($1.target, $0) }, uniquingKeysWith: { first, _ in first })
        self.patterns = patterns
        self.sides = sides
        self.toolchainModules = toolchainModules
        self.testOnlyToolchainModules = testOnlyToolchainModules
        self.valueProtocols = valueProtocols
        self.compositionRootTargets = compositionRootTargets
        self.executablesAreCompositionRoots = executablesAreCompositionRoots
        self.requiredUpcomingFeatures = requiredUpcomingFeatures
        self.minimumLanguageMode = minimumLanguageMode
        self.exceptions = exceptions
        self.source = source
    }

    // MARK: - Look-ups

    /// The placement of `target`: its entry, or the first pattern its folder matches, or the
    /// tests layer for a test target, or `nil` for a target nobody placed (an
    /// `unassigned-target` violation).
    public func placement(of target: PackageModel.Target) -> Placement? {
        if let index = placementIndex[target.name] { return placements[index] }
        if let matched = patterns.lazy.compactMap({ $0.placement(of: target) }).first { return matched }
        if target.kind == .test { return Placement(target.name, Layer.tests, role: .test) }
        return nil
    }

    /// This policy with every target of `package` a pattern places added to ``placements``
    /// (by name), so the rules and the graph see them as any other placed target.
    public func resolved(for package: PackageModel) -> LayerPolicy {
        let named = Set(placements.map(\.target))
        let matched = package.targets.filter { !named.contains($0.name) }.compactMap { target in
            patterns.lazy.compactMap { $0.placement(of: target) }.first
        }
        guard !matched.isEmpty else { return self }
        return replacingPlacements(placements + matched)
    }

    /// This policy with every placement allowed to be missing from the package (the
    /// top-level `"mayBeAbsent": true`: a policy shared by several packages).
    func allowingAbsentTargets() -> LayerPolicy {
        var copy = replacingPlacements(placements.map { $0.allowingAbsence() })
        copy.targetsMayBeAbsent = true
        return copy
    }

    /// This policy with `placements` instead of its own; every other setting is kept.
    private func replacingPlacements(_ placements: [Placement]) -> LayerPolicy {
        var copy = LayerPolicy(
            layers: declaredLayers, placements: placements, patterns: patterns, sides: sides,
            toolchainModules: toolchainModules, testOnlyToolchainModules: testOnlyToolchainModules,
            valueProtocols: valueProtocols, compositionRootTargets: compositionRootTargets,
            executablesAreCompositionRoots: executablesAreCompositionRoots,
            requiredUpcomingFeatures: requiredUpcomingFeatures, minimumLanguageMode: minimumLanguageMode,
            exceptions: exceptions, source: source
        )
        copy.fileURL = fileURL
        copy.targetsMayBeAbsent = targetsMayBeAbsent
        copy.conditions = conditions
        return copy
    }

    /// The placement of the target that provides `module` in `package`, if the policy knows it.
    public func placement(ofModule module: String, in package: PackageModel) -> Placement? {
        package.target(forModule: module).flatMap { placement(of: $0) }
    }

    /// The side called `name`, if the policy declares it.
    public func side(named name: String) -> IsolatedSide? {
        sides.first { $0.name == name }
    }

    /// The ranks bottom up, each with the names of its layers: `cross-cutting (0), data and
    /// hosting runtime (1), …`, as the `layer-rank` rule explains them.
    public var rankSummary: String {
        let ranked = declaredLayers.filter { $0.rank != nil }
        let ranks = Set(ranked.compactMap(\.rank)).sorted()
        return ranks.map { rank in
            let names = ranked.filter { $0.rank == rank }.map(\.name)
            return "\(names.joined(separator: " and ")) (\(rank))"
        }.joined(separator: ", ")
    }

    /// The layers, bottom up (layers outside the ranks last), each with its placed targets.
    public var layers: [(layer: Layer, targets: [String])] {
        let order = declaredLayers.enumerated().sorted {
            ($0.element.rank ?? Int.max, $0.offset) < ($1.element.rank ?? Int.max, $1.offset)
        }.map(\.element)
        return order.map { layer in (layer, placements.filter { $0.layer == layer }.map(\.target)) }
    }
}
