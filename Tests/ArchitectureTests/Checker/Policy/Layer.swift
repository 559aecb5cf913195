/// A layer of the architecture: a name and a rank. Imports point from a higher rank to a
/// lower one, never upward.
///
/// Two layers may share a rank: they are then siblings (the data layer and the hosting
/// runtime both sit on cross-cutting), and siblings never import each other. Benchmarks and
/// tests stand outside the ranks: a benchmark lists the layers it may measure, and a test
/// target may import whatever it declares.
struct Layer: Hashable, Sendable, CustomStringConvertible {
    /// The layer's name as Architecture.md spells it (`data`, `presentation`).
    let name: String
    /// The layer's rank (0 is the bottom), or `nil` for a layer outside the ranks.
    let rank: Int?
    /// For a layer outside the ranks: the layers it may import (their private modules too).
    let mayImport: [Layer]

    init(_ name: String, rank: Int?, mayImport: [Layer] = []) {
        self.name = name
        self.rank = rank
        self.mayImport = mayImport
    }

    /// `data, rank 1`, or just the name for a layer outside the ranks.
    var description: String {
        rank.map { "\(name), rank \($0)" } ?? name
    }
}

/// Which of the two programs a module belongs to. The client's modules (the hosts, their kits
/// and everything below them) and the server's never import each other, at any rank; a module
/// with no side (StrataWire, StrataCrossCutting) is shared by both.
enum Side: String, Hashable, Sendable {
    /// strata-host, strata-status, strata-notifyd and the layers under them.
    case client
    /// strata-server and its own data, domain and kit.
    case server
}

/// Where one target sits in the architecture.
struct Placement: Hashable, Sendable {
    /// What a module is for, beyond its layer.
    enum Role: String, Hashable, Sendable {
        /// Ordinary production code.
        case production
        /// Private to its layer (a C library wrapper): only its own layer, benchmarks that list
        /// the layer, and tests import it.
        case layerPrivate = "layer-private"
        /// Test doubles and helpers: only test targets (and other test support) import it.
        case testSupport = "test support"
        /// A test target.
        case test
    }

    /// The target's name as the manifest spells it.
    let target: String
    /// The layer it belongs to.
    let layer: Layer
    /// The sibling group inside the layer's rank: hosts of one group (a kit and its
    /// executable) may import each other, different groups may not. Defaults to the layer name.
    let group: String
    /// What the module is for.
    let role: Role
    /// The program it belongs to, or `nil` for a module both share (and for benchmarks, tools
    /// and tests, which are composition roots of their own).
    let side: Side?
    /// Whether its public surface may hold only protocols, value types and extensions (the
    /// seed's "publish protocols and a factory"): no public classes or actors.
    let publishesOnlyAbstractions: Bool
    /// Whether the target may be missing from `Package.swift`: a placement made ready for a
    /// target another branch is adding. The checker never needs a placed target to exist; this
    /// only tells the test that looks for stale placements to let it pass.
    let mayBeAbsent: Bool

    init(
        _ target: String, _ layer: Layer, group: String? = nil, role: Role = .production, side: Side? = nil,
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
    var summary: String {
        let group = group == layer.name ? "" : ", group \(group)"
        let role = role == .production || role == .test ? "" : ", \(role.rawValue)"
        return "\(target) (\(layer)\(group)\(role))"
    }

    /// Whether a test-only module: test support by role, or by the `…Testing` naming
    /// convention (the Swift `Testing` module itself is a toolchain module, not this).
    var isTestOnly: Bool {
        role == .testSupport || role == .test || (target.hasSuffix("Testing") && target != "Testing")
    }
}
