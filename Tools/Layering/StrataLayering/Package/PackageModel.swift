/// The parts of a package description the layering checker reads.
///
/// Built from `swift package dump-package` output (see ``PackageModel/init(dumpJSON:source:)``),
/// so it is the package SwiftPM really sees, not a guess from reading `Package.swift`.
///
/// Looking a target up by name or module is a dictionary look-up: an index is rebuilt whenever
/// ``targets``, ``products`` or ``dependencyPackages`` change.
public struct PackageModel: Hashable, Sendable {
    /// The package name.
    public var name: String
    /// Every target, in manifest order.
    public var targets: [Target] { didSet { index = Index(self) } }
    /// The products the package offers other packages, in manifest order.
    public var products: [Product] { didSet { index = Index(self) } }
    /// The identities of the packages the manifest depends on (`swift-log`, `grdb.swift`), in order.
    public var packageDependencies: [String]
    /// Every package of the resolved dependency graph, direct and indirect, when they were read
    /// (see ``DependencyPackages``); empty when they were not, and then a product is taken to
    /// provide one module of its own name.
    public var dependencyPackages: [DependencyPackage] { didSet { index = Index(self) } }
    /// Look-ups by name, built from the fields above.
    private(set) var index = Index()

    /// A package called `name` with `targets`, `products`, the identities of the packages it
    /// depends on, and (when read) every package of its resolved dependency graph.
    public init(
        name: String, targets: [Target], products: [Product] = [], packageDependencies: [String] = [],
        dependencyPackages: [DependencyPackage] = []
    ) {
        self.name = name
        self.targets = targets
        self.products = products
        self.packageDependencies = packageDependencies
        self.dependencyPackages = dependencyPackages
        index = Index(self)
    }

    /// One target of the package.
    public struct Target: Hashable, Sendable {
        /// The target's name (`strata-host`).
        public var name: String
        /// Regular, executable, test, system library, …
        public var kind: Kind
        /// The folder holding its sources, relative to the package root (SwiftPM's default
        /// `Sources/<name>` or `Tests/<name>` when the manifest gives none).
        public var path: String
        /// Explicit source files or folders relative to ``path``, or `nil` for all of them.
        public var sources: [String]?
        /// Files or folders relative to ``path`` that are not sources.
        public var exclude: [String]
        /// Declared direct dependencies, in order.
        public var dependencies: [Dependency]
        /// Upcoming features enabled on every platform (settings without a condition).
        public var upcomingFeatures: Set<String>
        /// The Swift language mode the target sets, or `nil` for the tools-version default.
        public var languageMode: String?
        /// Resource paths relative to ``path`` (`.process`, `.copy`, …): never compiled.
        public var resources: [String] = []
        /// Whether the manifest gives no `path`, so SwiftPM looks in its predefined folders.
        public var hasDefaultPath = false
        /// Dependencies declared only `.when(platforms:)`, with those platform names (`linux`).
        public var dependencyPlatforms: [Dependency: [String]] = [:]
        /// Compilation conditions the target defines on every platform (`.define("X")`).
        public var definesEverywhere: Set<String> = []
        /// Compilation conditions defined only `.when(platforms:)`, with those platform names.
        public var definesOnPlatforms: [String: [String]] = [:]

        /// A target with every field given.
        public init(
            name: String, kind: Kind, path: String, sources: [String]?, exclude: [String], dependencies: [Dependency],
            upcomingFeatures: Set<String>, languageMode: String?
        ) {
            self.name = name
            self.kind = kind
            self.path = path
            self.sources = sources
            self.exclude = exclude
            self.dependencies = dependencies
            self.upcomingFeatures = upcomingFeatures
            self.languageMode = languageMode
        }

        /// The name Swift code uses to import this target (`-` becomes `_`).
        public var moduleName: String { PackageModel.moduleName(ofTarget: name) }
    }

    /// One product of the package: a name other packages depend on, and the targets whose
    /// modules it provides (a `-dynamic` product, or one named unlike its module, still provides
    /// exactly its targets' modules).
    public struct Product: Hashable, Sendable {
        /// The product's name (`NIOCore`, `GRDB-dynamic`).
        public var name: String
        /// The names of the targets it lists, in order.
        public var targets: [String]

        /// A product called `name` listing `targets`.
        public init(name: String, targets: [String]) {
            self.name = name
            self.targets = targets
        }
    }

    /// What kind of target this is, as `dump-package` spells it.
    public enum Kind: String, Hashable, Sendable {
        case regular, executable, test, system, binary, plugin, macro
    }

    /// One declared dependency of a target.
    public enum Dependency: Hashable, Sendable {
        /// `"Name"`: a target of this package, or a product of a dependency with that name.
        case byName(String)
        /// `.target(name:)`.
        case target(String)
        /// `.product(name:package:)`.
        case product(name: String, package: String?)

        /// The name as written in the manifest.
        public var name: String {
            switch self {
            case .byName(let name), .target(let name), .product(let name, _): name
            }
        }
    }

    /// The module name of a target: SwiftPM replaces `-` by `_` (`strata-host` → `strata_host`).
    public static func moduleName(ofTarget name: String) -> String {
        String(name.map { $0 == "-" ? "_" : $0 })
    }

    /// The target named `name`, if any.
    public func target(named name: String) -> Target? {
        index.targetsByName[name].map { targets[$0] }
    }

    /// The target whose module is `module`, if any.
    public func target(forModule module: String) -> Target? {
        index.targetsByModule[module].map { targets[$0] }
    }

    /// The product named `name`, if any.
    public func product(named name: String) -> Product? {
        index.productsByName[name].map { products[$0] }
    }

    /// The dependency package whose identity is `identity` (any case), or, for manifests that
    /// still name a package by its manifest name, whose package is called `identity`.
    public func dependencyPackage(_ identity: String) -> DependencyPackage? {
        (index.packagesByIdentity[identity.lowercased()] ?? index.packagesByName[identity]).map { dependencyPackages[$0] }
    }

    /// The modules `target` may import because it declares them as direct dependencies.
    public func declaredModules(of target: Target) -> Set<String> {
        target.dependencies.reduce(into: []) { $0.formUnion(modules(providedBy: $1)) }
    }
}

extension PackageModel {
    /// Dictionaries from names to positions in ``PackageModel/targets``, ``PackageModel/products``
    /// and ``PackageModel/dependencyPackages``; the first of equal names wins, as a linear search did.
    struct Index: Hashable, Sendable {
        var targetsByName: [String: Int] = [:]
        var targetsByModule: [String: Int] = [:]
        var productsByName: [String: Int] = [:]
        var packagesByIdentity: [String: Int] = [:]
        var packagesByName: [String: Int] = [:]
        /// Module name → the dependency packages (positions) with a target of that module.
        var dependencyModules: [String: [Int]] = [:]

        init() {}

        init(_ package: PackageModel) {
            for (position, target) in package.targets.enumerated() {
                if targetsByName[target.name] == nil { targetsByName[target.name] = position }
                if targetsByModule[target.moduleName] == nil { targetsByModule[target.moduleName] = position }
            }
            for (position, product) in package.products.enumerated() where productsByName[product.name] == nil {
                productsByName[product.name] = position
            }
            for (position, dependency) in package.dependencyPackages.enumerated() {
                if packagesByIdentity[dependency.identity.lowercased()] == nil {
                    packagesByIdentity[dependency.identity.lowercased()] = position
                }
                if packagesByName[dependency.package.name] == nil { packagesByName[dependency.package.name] = position }
                for target in dependency.package.targets { dependencyModules[target.moduleName, default: []].append(position) }
            }
        }
    }
}

extension PackageModel.Dependency {
    /// Whether this is an explicit `.product(name:package:)` dependency.
    public var isProduct: Bool {
        if case .product = self { return true }
        return false
    }
}
