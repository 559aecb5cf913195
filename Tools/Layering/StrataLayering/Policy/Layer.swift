/// A layer of the architecture: a name and a rank. Imports point from a higher rank to a
/// lower one, never upward.
///
/// Two layers may share a rank: they are then siblings (Strata's data layer and hosting
/// runtime both sit on cross-cutting), and siblings never import each other. A layer without
/// a rank (benchmarks, tools) stands outside the ranks and lists the layers it may import.
public struct Layer: Hashable, Sendable, CustomStringConvertible {
    /// The layer's name as the policy spells it (`data`, `presentation`).
    public let name: String
    /// The layer's rank (0 is the bottom), or `nil` for a layer outside the ranks.
    public let rank: Int?
    /// For a layer outside the ranks: the names of the layers it may import (their private
    /// modules too).
    public let mayImport: [String]

    /// A layer called `name` at `rank` (`nil`: outside the ranks, importing only `mayImport`).
    public init(_ name: String, rank: Int?, mayImport: [String] = []) {
        self.name = name
        self.rank = rank
        self.mayImport = mayImport
    }

    /// The layer test targets sit in: outside the ranks, importing whatever they declare.
    public static let tests = Layer("tests", rank: nil)

    /// `data, rank 1`, or just the name for a layer outside the ranks.
    public var description: String {
        rank.map { "\(name), rank \($0)" } ?? name
    }
}

/// Where one target sits in the architecture.
public struct Placement: Hashable, Sendable {
    /// What a module is for, beyond its layer.
    public enum Role: String, Hashable, Sendable, CaseIterable {
        /// Ordinary production code.
        case production
        /// Private to its layer (a C library wrapper): only its own layer, layers outside the
        /// ranks that list the layer, and tests import it.
        case layerPrivate = "layer-private"
        /// Test doubles and helpers: only test targets (and other test support) import it.
        case testSupport = "test-support"
        /// A test target.
        case test
    }

    /// The target's name as the manifest spells it.
    public let target: String
    /// The layer it belongs to.
    public let layer: Layer
    /// The sibling group inside the layer's rank: modules of one group (a kit and its
    /// executable) may import each other, different groups may not. Defaults to the layer name.
    public let group: String
    /// What the module is for.
    public let role: Role
    /// The isolated side (program) it belongs to, or `nil` for a module every side shares.
    public let side: String?
    /// Whether its public surface may hold only protocols, value types and extensions (the
    /// seed's "publish protocols and a factory"): no public classes or actors.
    public let publishesOnlyAbstractions: Bool
    /// Whether the target may be missing from the package: a placement made ready for a
    /// target another branch is adding. The checker never needs a placed target to exist.
    public let mayBeAbsent: Bool

    /// A placement of `target` in `layer`.
    public init(
        _ target: String, _ layer: Layer, group: String? = nil, role: Role = .production, side: String? = nil,
        publishesOnlyAbstractions: Bool = false, mayBeAbsent: Bool = false
    ) {
        self.target = target
        self.layer = layer
        self.group = group ?? layer.name
        self.role = role
        self.side = side
        self.publishesOnlyAbstractions = publishesOnlyAbstractions
        self.mayBeAbsent = mayBeAbsent
    }

    /// `StrataData (data, rank 1)` or `strata-host (presentation, rank 4, group host)`.
    public var summary: String {
        let group = group == layer.name ? "" : ", group \(group)"
        let role = role == .production || role == .test ? "" : ", \(role == .testSupport ? "test support" : role.rawValue)"
        return "\(target) (\(layer)\(group)\(role))"
    }

    /// Whether a test-only module: test support by role, or by the `…Testing` naming
    /// convention (the Swift `Testing` module itself is a toolchain module, not this).
    public var isTestOnly: Bool {
        role == .testSupport || role == .test || (target.hasSuffix("Testing") && target != "Testing")
    }
}
