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
    /// target another branch is adding, or a policy shared by several packages. A placed
    /// target that is missing is an `unknown-target` finding unless this is set.
    public let mayBeAbsent: Bool
    /// Whether the policy states the role (`"role": "production"` included): a target named
    /// `…Testing` is test support by convention only when its role is not stated.
    public let roleIsStated: Bool

    /// A placement of `target` in `layer`; `roleIsStated` says the policy wrote its role
    /// (so `…Testing` in its name does not make it test support).
    public init(
        _ target: String, _ layer: Layer, group: String? = nil, role: Role = .production, side: String? = nil,
        publishesOnlyAbstractions: Bool = false, mayBeAbsent: Bool = false, roleIsStated: Bool = false
    ) {
        self.target = target
        self.layer = layer
        self.group = group ?? layer.name
        self.role = role
        self.side = side
        self.publishesOnlyAbstractions = publishesOnlyAbstractions
        self.mayBeAbsent = mayBeAbsent
        self.roleIsStated = roleIsStated || role != .production
    }

    /// This placement, allowed to be missing from the package.
    func allowingAbsence() -> Placement {
        Placement(
            target, layer, group: group, role: role, side: side, publishesOnlyAbstractions: publishesOnlyAbstractions,
            mayBeAbsent: true, roleIsStated: roleIsStated
        )
    }

    /// `StrataData (data, rank 1)` or `strata-host (presentation, rank 4, group host)`.
    public var summary: String {
        let group = group == layer.name ? "" : ", group \(group)"
        let role = role == .production || role == .test ? "" : ", \(role == .testSupport ? "test support" : role.rawValue)"
        return "\(target) (\(layer)\(group)\(role))"
    }

    /// Whether a test-only module: test support by role, or by the `…Testing` naming
    /// convention when the policy does not state its role (`"role": "production"` makes a
    /// `…Testing` module production code; the Swift `Testing` module itself is a toolchain
    /// module, not this).
    public var isTestOnly: Bool {
        role == .testSupport || role == .test || (!roleIsStated && target.hasSuffix("Testing") && target != "Testing")
    }
}
