/// The parts of a package description the layering checker reads.
///
/// Built from `swift package dump-package` output (see ``PackageModel/init(dumpJSON:source:)``),
/// so it is the package SwiftPM really sees, not a guess from reading `Package.swift`.
public struct PackageModel: Hashable, Sendable {
    /// The package name.
    public var name: String
    /// Every target, in manifest order.
    public var targets: [Target]

    /// A package called `name` with `targets`.
    public init(name: String, targets: [Target]) {
        self.name = name
        self.targets = targets
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

    /// Module names a product of another package provides, where they differ from the
    /// product name. By default a product provides one module named like the product
    /// (`Logging` from swift-log, `ArgumentParser` from swift-argument-parser).
    static let productModules: [String: [String]] = [:]

    /// The modules a product provides.
    static func modules(ofProduct product: String) -> [String] {
        productModules[product] ?? [product]
    }

    /// The target named `name`, if any.
    public func target(named name: String) -> Target? {
        targets.first { $0.name == name }
    }

    /// The target whose module is `module`, if any.
    public func target(forModule module: String) -> Target? {
        targets.first { $0.moduleName == module }
    }

    /// The modules `target` may import because it declares them as direct dependencies.
    public func declaredModules(of target: Target) -> Set<String> {
        var modules: Set<String> = []
        for dependency in target.dependencies {
            switch dependency {
            case .target(let name):
                modules.insert(PackageModel.moduleName(ofTarget: name))
            case .byName(let name):
                if let local = self.target(named: name) {
                    modules.insert(local.moduleName)
                } else {
                    modules.formUnion(PackageModel.modules(ofProduct: name))
                }
            case .product(let name, _):
                modules.formUnion(PackageModel.modules(ofProduct: name))
            }
        }
        return modules
    }

    /// How to write a dependency on `module` in `Package.swift`, for fix messages:
    /// `"StrataData"` for a target, `.product(name: "Logging", package: "swift-log")` for a
    /// product some target already uses.
    func manifestSpelling(ofModule module: String) -> String {
        if let local = target(forModule: module) { return "\"\(local.name)\"" }
        for target in targets {
            for case .product(let name, let package?) in target.dependencies
            where PackageModel.modules(ofProduct: name).contains(module) {
                return ".product(name: \"\(name)\", package: \"\(package)\")"
            }
        }
        return "\"\(module)\""
    }

    /// A chain of declared dependencies from `target` to a target or product providing
    /// `module` (`["StrataHostKit", "StrataCrossCutting", "Logging"]`), or `nil` when `module`
    /// is not reachable at all. Used to explain why "reachable" is not "declared".
    func dependencyChain(from target: Target, to module: String) -> [String]? {
        var queue: [[String]] = [[target.name]]
        var seen: Set<String> = [target.name]
        while !queue.isEmpty {
            let chain = queue.removeFirst()
            guard let current = self.target(named: chain[chain.count - 1]) else { continue }
            for dependency in current.dependencies {
                let local = dependency.isProduct ? nil : self.target(named: dependency.name)
                let provided = local.map { [$0.moduleName] } ?? PackageModel.modules(ofProduct: dependency.name)
                if provided.contains(module) { return chain + [dependency.name] }
                if let local, seen.insert(local.name).inserted { queue.append(chain + [local.name]) }
            }
        }
        return nil
    }
}

extension PackageModel.Dependency {
    /// Whether this is an explicit `.product(name:package:)` dependency.
    public var isProduct: Bool {
        if case .product = self { return true }
        return false
    }
}
