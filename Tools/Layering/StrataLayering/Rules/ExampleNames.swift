/// The targets and layers `--explain` examples name: the user's own when the policy has them,
/// a neutral `Core`, `Service` and `Feature` otherwise. Never Strata's unless the policy is.
struct ExampleNames {
    /// A low production module and a higher one (a different, greater rank), and one between
    /// or beside them for a chain.
    let lower: Placement, middle: Placement, upper: Placement
    /// Two modules on one rank in different sibling groups.
    let siblings: (Placement, Placement)
    /// Two modules of different isolated sides.
    let sides: (Placement, Placement)
    /// A layer-private module and a module of another layer.
    let layerPrivate: (Placement, Placement)
    /// A test-support module's name.
    let testSupport: String
    /// The policy file as messages name it.
    let source: String

    init(policy: LayerPolicy) {
        source = policy.source
        let core = Layer("core", rank: 0)
        let services = Layer("services", rank: 1)
        let features = Layer("features", rank: 2)
        // Libraries first (a capitalised name: executables are usually `lower-case`, and nothing imports them).
        let ranked = policy.placements.filter { $0.role == .production && $0.layer.rank != nil && !$0.isTestOnly }
        let libraries = ranked.filter { $0.target.first?.isUppercase == true }
        let production = (libraries.count >= 2 ? libraries : ranked).sorted { ($0.layer.rank ?? 0) < ($1.layer.rank ?? 0) }
        let low = production.first ?? Placement("Core", core)
        let high = production.last.flatMap { ($0.layer.rank ?? 0) > (low.layer.rank ?? 0) ? $0 : nil }
            ?? Placement("Feature", features)
        lower = low
        upper = high
        middle = production.first { ($0.layer.rank ?? 0) > (low.layer.rank ?? 0) && ($0.layer.rank ?? 0) < (high.layer.rank ?? 0) }
            ?? production.first { $0.target != low.target && $0.target != high.target }
            ?? Placement("Service", services)
        var pair: (Placement, Placement)?
        for first in production where pair == nil {
            if let second = production.first(where: { $0.layer.rank == first.layer.rank && $0.group != first.group }) {
                pair = (first, second)
            }
        }
        siblings = pair ?? (Placement("Checkout", features, group: "checkout"), Placement("Search", features, group: "search"))
        var sidePair: (Placement, Placement)?
        for first in production where sidePair == nil && first.side != nil {
            if let second = production.first(where: { $0.side != nil && $0.side != first.side }) { sidePair = (first, second) }
        }
        sides = sidePair ?? (Placement("Client", features, side: "client"), Placement("Server", features, side: "server"))
        let privateModule = policy.placements.first { $0.role == .layerPrivate }
        let outsider = privateModule.flatMap { module in production.last { $0.layer != module.layer } }
        if let privateModule, let outsider {
            layerPrivate = (privateModule, outsider)
        } else {
            layerPrivate = (Placement("CZlib", core, role: .layerPrivate), Placement("Feature", features))
        }
        testSupport = policy.placements.first { $0.role == .testSupport }?.target ?? "\(low.target)Testing"
    }
}

extension Placement {
    /// The module name code imports (`-` becomes `_`).
    var module: String { PackageModel.moduleName(ofTarget: target) }
}
