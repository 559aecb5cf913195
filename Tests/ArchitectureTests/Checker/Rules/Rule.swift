/// The rules the layering checker enforces: an id for the report, and why the rule exists.
///
/// Each rule's `why` is written for the person who just broke it: one paragraph, in terms of
/// what goes wrong in this code base. The concrete fix depends on the case and is written by
/// ``LayeringChecker`` into each ``Violation``.
enum Rule: String, CaseIterable, Sendable {
    case layerRank = "layer-rank"
    case directDependency = "direct-dependency"
    case siblingHosts = "sibling-hosts"
    case unassignedTarget = "unassigned-target"
    case testSupportInProduction = "test-support-in-production"
    case layerPrivate = "layer-private"
    case publicSurface = "public-surface"
    case strictSettings = "strict-settings"
    case isolatedSides = "isolated-sides"
    case compositionRoot = "composition-root"

    /// The rule in one line, for lists.
    var summary: String {
        switch self {
        case .layerRank: "no import of a module of a higher rank: an arrow points only downward"
        case .directDependency: "a module imports only what its target declares as a direct dependency"
        case .siblingHosts: "siblings on one level (hosts and their kits) never import each other"
        case .unassignedTarget: "every target in Package.swift belongs to a layer in LayerPolicy"
        case .testSupportInProduction: "test doubles, Testing and XCTest are imported only by tests"
        case .layerPrivate: "a layer-private module (CSQLite) is imported only inside its layer"
        case .publicSurface:
            "Data and Domain publish protocols, value types, errors and a factory: no public class or actor, no "
                + "public implementation of a service protocol, no public free function or global"
        case .strictSettings: "every Swift target builds in Swift 6 mode with the three upcoming features"
        case .isolatedSides:
            "the client's modules and the server's never import each other, at any rank; both import only the "
                + "shared ones (StrataWire, StrataCrossCutting)"
        case .compositionRoot:
            "only composition roots (hosts, benchmarks, tools, tests) call the live factories "
                + "(DataLayerFactory.live, DomainFactory.make, SyncFactory.live, …)"
        }
    }

    /// Why the rule exists: one paragraph.
    var why: String {
        switch self {
        case .layerRank:
            "Layers are stacked so that a change ripples only upward: \(LayerPolicy.strata.rankSummary). "
                + "A lower layer that imports a higher one fuses the two: the lower layer can no "
                + "longer be built, tested or shared with another host without the higher one, and every change "
                + "above now ripples down."
        case .directDependency:
            "Package.swift is the map of who depends on whom, and a module may import only what its target "
                + "declares directly. A module reachable through another dependency is not permission: that path "
                + "is the other module's private choice and disappears when it changes, breaking code that never "
                + "changed. The compiler's --explicit-target-dependency-import-check sees only the platform being "
                + "built; this rule also reads every #if branch."
        case .siblingHosts:
            "The hosts (the containing app and its extensions) and the kits behind them are siblings on one "
                + "level, as in seed 002. They share code only through the layers below them. A host that imports "
                + "another drags that host's code and start-up cost along, and a change in one breaks the other."
        case .unassignedTarget:
            "A target outside every layer escapes every rule. Listing each target in LayerPolicy forces a "
                + "decision about where a new module sits when it is added, and keeps Architecture.md's layers "
                + "table true."
        case .testSupportInProduction:
            "Test doubles (StrataDataTesting and every …Testing module) and the Testing and XCTest frameworks "
                + "exist for tests. Production code that imports them ships fakes in a host, can pick an "
                + "in-memory store by mistake, and links test frameworks into executables."
        case .layerPrivate:
            "Some modules are implementation details of one layer: CSQLite is the C API under the data "
                + "layer's internal SQLite wrapper. Importing it from elsewhere bypasses the layer's protocols "
                + "and factory (its transactions, busy timeout and key checks) and ties that code to SQLite."
        case .publicSurface:
            "Lower layers publish only protocols, value types, errors and one factory: the seed's "
                + "DataLayerFactory pattern. A public class or actor, or a public struct or enum that conforms to "
                + "one of the layer's service protocols (any public protocol of Data or Domain that does not "
                + "describe values, such as ValueObjectStore or CaseReportService), lets a higher layer name an "
                + "implementation, so changing it ripples upward and a test cannot swap in a double. A public "
                + "free function or global is API outside every protocol and factory, which no double can "
                + "replace. With implementations internal, the factory is the only way in."
        case .strictSettings:
            "Half of the layering rule is enforced by the compiler: MemberImportVisibility makes each file "
                + "import the modules it uses, InternalImportsByDefault keeps imports out of a module's public "
                + "interface, ExistentialAny makes `any P` explicit, and Swift 6 mode checks concurrency. A "
                + "target without them silently opts out."
        case .isolatedSides:
            "The client (strata-host, strata-status, strata-notifyd) and the server (strata-server) are separate "
                + "programs that meet only on the wire. They share two modules: StrataWire (the messages and paths "
                + "both speak) and StrataCrossCutting. Ranks do not make an import between them safe: a server "
                + "module that imports a client module (or the reverse) links the other program's code, "
                + "dependencies and start-up cost into every process, and ties two programs that change and "
                + "deploy apart: a change to the client's store would break the server's build."
        case .compositionRoot:
            "A composition root (a host's CompositionRoot.swift, a benchmark's or tool's main, a test) is the one "
                + "place that picks implementations: it opens the store, builds the domain and the sync engine on "
                + "it, and passes them down as protocols. A kit or module that calls a live factory itself is a "
                + "hidden second root: it opens its own store (another connection, key and lock), a test cannot "
                + "hand it a double, and it is tied to whatever implementation the factory picks."
        }
    }
}

/// One broken rule at one place, with the fix.
struct Violation: Hashable, Sendable, CustomStringConvertible {
    /// The rule broken.
    let rule: Rule
    /// The file, relative to the package root.
    let path: String
    /// The 1-based line.
    let line: Int
    /// What happened, naming the modules and layers involved.
    let message: String
    /// How to fix this case.
    let fix: String

    /// `path:line: [rule-id] what happened`, then `  Why: …` and `  Fix: …`.
    var description: String {
        "\(path):\(line): [\(rule.rawValue)] \(message)\n  Why: \(rule.why)\n  Fix: \(fix)"
    }
}
