/// The dependency graph across packages: what a declared dependency points at (a target of
/// this package, or a product of a dependency package and the targets it lists), which modules
/// that provides, and how a module is reached, or should be declared.
///
/// Without ``PackageModel/dependencyPackages`` (not read, or `--package-json` without
/// `--dependencies-json`), a product is taken to provide one module of its own name.
extension PackageModel {
    /// A target or product somewhere in the dependency graph.
    enum GraphNode: Hashable {
        /// Target `name` of this package (`package` is `nil`) or of ``dependencyPackages``[`package`].
        case target(package: Int?, name: String)
        /// Product `name` of ``dependencyPackages``[`package`].
        case product(package: Int, name: String)
        /// A product no package that was read offers: it provides one module of its own name.
        case unreadProduct(name: String)
    }

    /// The modules `dependency`, declared by a target of this package, lets it import: a
    /// target's module, or the modules of every target a product lists (a product named
    /// `GRDB-dynamic` listing target `GRDB` provides module `GRDB`).
    func modules(providedBy dependency: Dependency) -> Set<String> {
        Set(modules(of: node(for: dependency, in: nil)))
    }

    /// How to write a dependency on `module` in `Package.swift`, for fix messages: `"StrataData"`
    /// for a target of this package; `.product(name: "NIOHTTP1", package: "swift-nio")` for a
    /// module a product of a dependency package provides (the product named like the module
    /// first, then the one listing fewest targets), spelled with the package's identity, as
    /// SwiftPM expects; else the spelling some target already uses, or `"Module"`.
    func manifestSpelling(ofModule module: String) -> String {
        if let local = target(forModule: module) { return "\"\(local.name)\"" }
        if let (position, product) = productProviding(module) {
            return ".product(name: \"\(product)\", package: \"\(dependencyPackages[position].identity)\")"
        }
        for target in targets {
            for case .product(let name, let package?) in target.dependencies where name == module {
                return ".product(name: \"\(name)\", package: \"\(package)\")"
            }
        }
        return "\"\(module)\""
    }

    /// Whether a target of this package or of a dependency package builds module `module`.
    func providesModule(_ module: String) -> Bool {
        target(forModule: module) != nil || index.dependencyModules[module] != nil
    }

    /// The dependency package providing `module` through a product when this package's manifest
    /// does not depend on it yet (it comes only indirectly), else `nil`.
    func packageToAdd(forModule module: String) -> DependencyPackage? {
        guard target(forModule: module) == nil, let (position, _) = productProviding(module) else { return nil }
        let package = dependencyPackages[position]
        let declared = packageDependencies.contains { $0.lowercased() == package.identity.lowercased() }
        return declared ? nil : package
    }

    /// The dependency package a target of which builds `module` when none of its products offers
    /// that target (swift-nio's `CNIOLinux`): a module no other package may declare. `nil` when
    /// this package builds `module` or some product offers it.
    func internalPackage(ofModule module: String) -> DependencyPackage? {
        guard target(forModule: module) == nil, productProviding(module) == nil,
              let position = index.dependencyModules[module]?.first else { return nil }
        return dependencyPackages[position]
    }

    /// A chain of declared dependencies from `target` to a target or product providing `module`
    /// (`["App", "HummingbirdCore (hummingbird)", "NIOHTTP1 (swift-nio)"]`), following products
    /// into the packages that offer them, or `nil` when `module` is not reachable at all. Used
    /// to explain why "reachable" is not "declared". Outside this package each step names its
    /// package's identity in parentheses.
    func dependencyChain(from target: Target, to module: String) -> [String]? {
        let start = GraphNode.target(package: nil, name: target.name)
        var queue: [[GraphNode]] = [[start]]
        var seen: Set<GraphNode> = [start]
        var next = 0
        while next < queue.count {
            let chain = queue[next]
            next += 1
            for successor in successors(of: chain[chain.count - 1]) {
                if modules(of: successor).contains(module) { return displayed(chain + [successor]) }
                if seen.insert(successor).inserted { queue.append(chain + [successor]) }
            }
        }
        return nil
    }

    // MARK: - Nodes

    /// The package a node lives in: this one, or a dependency package.
    private func owner(_ package: Int?) -> PackageModel {
        package.map { dependencyPackages[$0].package } ?? self
    }

    /// What `dependency`, declared by a target of `package` (`nil`: this package), points at. A
    /// bare name is a target of the same package, else a product of one of the packages it
    /// depends on (then of any package read).
    func node(for dependency: Dependency, in package: Int?) -> GraphNode {
        let owner = owner(package)
        switch dependency {
        case .target(let name):
            return .target(package: package, name: name)
        case .byName(let name):
            if owner.target(named: name) != nil { return .target(package: package, name: name) }
            let preferred = owner.packageDependencies.compactMap { self.dependencyPackagePosition($0) }
            return productNode(name, among: preferred + Array(dependencyPackages.indices))
        case .product(let name, let identity):
            guard let identity else { return productNode(name, among: Array(dependencyPackages.indices)) }
            return productNode(name, among: dependencyPackagePosition(identity).map { [$0] } ?? [])
        }
    }

    private func productNode(_ name: String, among positions: [Int]) -> GraphNode {
        for position in positions where dependencyPackages[position].package.product(named: name) != nil {
            return .product(package: position, name: name)
        }
        return .unreadProduct(name: name)
    }

    private func dependencyPackagePosition(_ identity: String) -> Int? {
        index.packagesByIdentity[identity.lowercased()] ?? index.packagesByName[identity]
    }

    /// The modules `node` provides.
    private func modules(of node: GraphNode) -> [String] {
        switch node {
        case .target(let package, let name):
            return [owner(package).target(named: name)?.moduleName ?? PackageModel.moduleName(ofTarget: name)]
        case .product(let package, let name):
            let owner = owner(package)
            return (owner.product(named: name)?.targets ?? []).map {
                owner.target(named: $0)?.moduleName ?? PackageModel.moduleName(ofTarget: $0)
            }
        case .unreadProduct(let name):
            return [name]
        }
    }

    /// What a target declares; the targets a product lists.
    private func successors(of node: GraphNode) -> [GraphNode] {
        switch node {
        case .target(let package, let name):
            return (owner(package).target(named: name)?.dependencies ?? []).map { self.node(for: $0, in: package) }
        case .product(let package, let name):
            return (owner(package).product(named: name)?.targets ?? []).map { .target(package: package, name: $0) }
        case .unreadProduct:
            return []
        }
    }

    /// `chain` in words; a product and the target it lists, named alike, are one step.
    private func displayed(_ chain: [GraphNode]) -> [String] {
        var words: [String] = []
        for node in chain {
            let word: String
            switch node {
            case .target(nil, let name), .unreadProduct(let name): word = name
            case .target(let package?, let name), .product(let package, let name):
                word = "\(name) (\(dependencyPackages[package].identity))"
            }
            if words.last != word { words.append(word) }
        }
        return words
    }

    /// The dependency package and product that provide `module`: packages this package depends
    /// on first, then a product named like the module, then the one listing fewest targets.
    private func productProviding(_ module: String) -> (package: Int, product: String)? {
        var best: (package: Int, product: String, rank: (Int, Int, Int))?
        for position in index.dependencyModules[module] ?? [] {
            let package = dependencyPackages[position]
            let direct = packageDependencies.contains { $0.lowercased() == package.identity.lowercased() }
            for product in package.package.products {
                let modules = product.targets.map { package.package.target(named: $0)?.moduleName ?? PackageModel.moduleName(ofTarget: $0) }
                guard modules.contains(module) else { continue }
                let rank = (direct ? 0 : 1, product.name == module ? 0 : 1, product.targets.count)
                if best.map({ rank < $0.rank }) ?? true { best = (position, product.name, rank) }
            }
        }
        return best.map { ($0.package, $0.product) }
    }
}
