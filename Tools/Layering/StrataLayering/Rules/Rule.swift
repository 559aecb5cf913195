/// The rules the layering checker enforces: an id for the report, and why the rule exists.
///
/// Each rule's `why` is written for the person who just broke it: one paragraph, in terms of
/// what goes wrong in a layered package. The concrete fix depends on the case and is written
/// by ``LayeringChecker`` into each ``Violation``; `--explain RULE` prints
/// ``explanation(in:)``, with examples.
public enum Rule: String, CaseIterable, Sendable {
    /// No import of a module of a higher rank.
    case layerRank = "layer-rank"
    /// A module imports only what its target declares directly.
    case directDependency = "direct-dependency"
    /// Sibling groups on one rank never import each other.
    case siblingHosts = "sibling-hosts"
    /// Every target belongs to a layer.
    case unassignedTarget = "unassigned-target"
    /// Test doubles and test frameworks stay in tests.
    case testSupportInProduction = "test-support-in-production"
    /// A layer-private module is imported only inside its layer.
    case layerPrivate = "layer-private"
    /// Abstraction-only modules publish no implementation.
    case publicSurface = "public-surface"
    /// Every Swift target builds with the strict settings.
    case strictSettings = "strict-settings"
    /// Isolated sides never import each other.
    case isolatedSides = "isolated-sides"
    /// Only composition roots call the live factories.
    case compositionRoot = "composition-root"
    /// Every declared dependency is imported by the target's files.
    case unusedDependency = "unused-dependency"
    /// The package's targets depend on each other without a cycle.
    case importCycle = "import-cycle"
    /// `@testable import` only in tests and test support.
    case testableImport = "testable-import"
    /// Every target the policy names exists in the package.
    case unknownTarget = "unknown-target"
    /// Every exception of the policy still allows something.
    case unusedException = "unused-exception"
    /// Every target that builds sources has a source file the checker reads.
    case emptyTarget = "empty-target"

    /// The rule in one line, for lists.
    public var summary: String {
        switch self {
        case .layerRank: "no import of a module of a higher rank: an arrow points only downward"
        case .directDependency: "a module imports only what its target declares as a direct dependency"
        case .siblingHosts: "sibling groups on one rank (say, two apps and the modules behind each) never import each other"
        case .unassignedTarget: "every target of the package belongs to a layer in layers.json"
        case .testSupportInProduction: "test doubles, Testing and XCTest are imported only by tests"
        case .layerPrivate: "a layer-private module (a C library wrapper) is imported only inside its layer"
        case .publicSurface:
            "abstraction-only modules publish protocols, value types, errors and a factory: no public class or "
                + "actor, no public implementation of a service protocol, no public free function or global"
        case .strictSettings: "every Swift target builds in the required language mode with the required upcoming features"
        case .isolatedSides:
            "modules of different isolated sides (say, a client and its server) never import each other, at any rank; both "
                + "import only the shared modules"
        case .compositionRoot:
            "only composition roots (executables, tests, test support) call the live factories"
        case .unusedDependency: "every dependency a target declares is imported by at least one of its files"
        case .importCycle: "the package's targets never depend on each other in a cycle, by declaration or by import"
        case .testableImport: "`@testable import` appears only in test targets and test support"
        case .unknownTarget: "every target the policy names exists in the package (or is marked mayBeAbsent)"
        case .unusedException: "every exception in the policy still allows a finding"
        case .emptyTarget: "every target that builds sources has a source file where SwiftPM looks for it"
        }
    }

    /// Why the rule exists: one paragraph; the `layer-rank` one states `policy`'s ranks.
    public func why(in policy: LayerPolicy) -> String {
        switch self {
        case .layerRank:
            "Layers are stacked so that a change ripples only upward"
                + (policy.rankSummary.isEmpty ? ". " : ": \(policy.rankSummary). ")
                + "A lower layer that imports a higher one fuses the two: the lower layer can no "
                + "longer be built, tested or shared with another program without the higher one, and every change "
                + "above now ripples down."
        case .directDependency:
            "Package.swift is the map of who depends on whom, and a module may import only what its target "
                + "declares directly. A module reachable through another dependency is not permission: that path "
                + "is the other module's private choice and disappears when it changes, breaking code that never "
                + "changed. The compiler's --explicit-target-dependency-import-check sees only the platform being "
                + "built; this rule also reads every #if branch."
        case .siblingHosts:
            "Modules on one rank in different sibling groups (say, two apps and the modules behind each) share "
                + "code only through the layers below them. A group that imports another drags the other's code "
                + "and start-up cost along, and a change in one breaks the other."
        case .unassignedTarget:
            "A target outside every layer escapes every rule. Listing each target in \(policy.source) forces a "
                + "decision about where a new module sits when it is added, and keeps the architecture's map true."
        case .testSupportInProduction:
            "Test doubles (the modules the policy marks test-support, and every …Testing module it gives no role) and the Testing "
                + "and XCTest frameworks exist for tests. Production code that imports them ships fakes in a "
                + "program, can pick an in-memory store by mistake, and links test frameworks into executables."
        case .layerPrivate:
            "Some modules are implementation details of one layer, such as a C library under the layer's own "
                + "wrapper. Importing one from elsewhere bypasses the layer's protocols and factory (its "
                + "transactions, timeouts and checks) and ties that code to the library."
        case .publicSurface:
            "Lower layers publish only protocols, value types, errors and one factory. A public class or actor, "
                + "or a public struct or enum that conforms to one of the layer's service protocols (any public "
                + "protocol of the module that does not describe values), lets a higher layer name an "
                + "implementation, so changing it ripples upward and a test cannot swap in a double. A public "
                + "free function or global is API outside every protocol and factory, which no double can "
                + "replace. With implementations internal, the factory is the only way in."
        case .strictSettings:
            "Half of the layering rule is enforced by the compiler: MemberImportVisibility makes each file "
                + "import the modules it uses, InternalImportsByDefault keeps imports out of a module's public "
                + "interface, ExistentialAny makes `any P` explicit, and Swift 6 mode checks concurrency. A "
                + "target without them silently opts out."
        case .isolatedSides:
            "Isolated sides are separate programs that meet only on the wire (say, a client and its server). They "
                + "share only the modules with no side. Ranks do not make an import between them safe: a module "
                + "of one side that imports a module of another links the other program's code, dependencies and "
                + "start-up cost into every process, and ties two programs that change and deploy apart."
        case .compositionRoot:
            "A composition root (an executable's main, a test) is the one place that "
                + "picks implementations: it opens the store, builds the services on it, and passes them down as "
                + "protocols. A library module that calls a live factory itself is a hidden second root: it opens "
                + "its own store (another connection, key and lock), a test cannot hand it a double, and it is "
                + "tied to whatever implementation the factory picks."
        case .unusedDependency:
            "A declared dependency is a promise that the target needs it: it is built and linked first, and "
                + "the map of who depends on whom says so. A dependency no file imports (in any #if branch) "
                + "costs build time and link size, and hides the real shape of the package."
        case .importCycle:
            "Modules that depend on each other in a cycle are one module in disguise: none can be built, tested "
                + "or reused without the others, and a change in any ripples around the loop. SwiftPM refuses a "
                + "cycle of declared dependencies, but imports that are only reachable can still close one."
        case .testableImport:
            "`@testable import` reaches a module's internal declarations, and works only when the module is built "
                + "with testing enabled (a debug build). Production code that uses it builds in debug and fails in "
                + "release, and depends on internals that may change without notice."
        case .unknownTarget:
            "A policy entry for a target the package does not have checks nothing: usually a target was renamed "
                + "or removed and the policy kept the old name, so the new one is unplaced or placed by accident. "
                + "A placement made ready for a target another branch is adding says so with \"mayBeAbsent\": true."
        case .unusedException:
            "An exception that no longer allows anything is a hole waiting for the next violation of that rule "
                + "in that target, which would then pass unnoticed. Remove it once the code it excused is fixed."
        case .emptyTarget:
            "A target with no source file where SwiftPM looks for it is checked by no rule: if its files are "
                + "somewhere the checker does not read, every import in them goes unchecked and the report stays "
                + "silent about it. Either the manifest and the files disagree, or the target is dead."
        }
    }
}
