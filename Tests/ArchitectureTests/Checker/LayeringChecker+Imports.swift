/// A broken layer rule found for one edge (an import, or a declared dependency).
struct LayerFinding: Sendable {
    let rule: Rule
    let message: String
    let fix: String
}

extension LayeringChecker {
    /// The violation one import makes, or `nil`. Only the most fundamental rule is reported:
    /// when the layers forbid an edge, declaring the dependency would not fix it.
    func importViolation(
        _ statement: ImportStatement, in target: PackageModel.Target, placement: Placement, path: String
    ) -> Violation? {
        let module = statement.module
        guard module != target.moduleName else { return nil }
        let branch = statement.isConditional ? " (inside an #if branch: every branch counts)" : ""
        if let finding = judgeLayers(importer: placement, module: module, verb: "imports") {
            return Violation(
                rule: finding.rule, path: path, line: statement.line,
                message: finding.message + branch, fix: finding.fix
            )
        }
        if policy.toolchainModules.contains(module) || policy.testOnlyToolchainModules.contains(module) { return nil }
        if package.declaredModules(of: target).contains(module) { return nil }

        let spelling = package.manifestSpelling(ofModule: module)
        let known = package.target(forModule: module) != nil || spelling.hasPrefix(".product")
        let message: String
        var fix = "Declare it: add \(spelling) to the dependencies of target \"\(target.name)\" in Package.swift "
            + "(if the layers allow that edge), or remove the import."
        if let chain = package.dependencyChain(from: target, to: module) {
            message = "\(target.name) imports \(module), which its target does not declare: it is only reachable "
                + "(\(chain.joined(separator: " → "))), and reachable is not permission."
            fix += " Or get what you need through the public API of \(chain[1]), which you already declare."
        } else if known {
            message = "\(target.name) imports \(module), which its target does not declare."
        } else {
            message = "\(target.name) imports \(module): no target of the package provides it, no declared product "
                + "does, and it is not a toolchain module the policy knows."
            fix = "Add the package that provides \(module) to Package.swift's dependencies and "
                + "`.product(name: \"\(module)\", package: …)` to target \"\(target.name)\"; if \(module) ships "
                + "with the toolchain, add it to LayerPolicy's toolchainModules; or remove the import."
        }
        return Violation(rule: .directDependency, path: path, line: statement.line, message: message + branch, fix: fix)
    }

    /// Which layer rule, if any, forbids `importer` from depending on `module`.
    ///
    /// `verb` reads "imports" for a source file and "depends on" for a manifest entry.
    func judgeLayers(importer: Placement, module: String, verb: String) -> LayerFinding? {
        if policy.testOnlyToolchainModules.contains(module) {
            guard !importer.isTestOnly else { return nil }
            return LayerFinding(
                rule: .testSupportInProduction,
                message: "\(importer.summary) \(verb) \(module), a test framework, in production code.",
                fix: "Move this code into a test target under Tests/ (a `.testTarget` in Package.swift), "
                    + "or drop the import."
            )
        }
        guard let imported = policy.placement(ofModule: module, in: package), imported.target != importer.target else {
            return nil
        }
        let edge = "\(importer.summary) \(verb) \(imported.summary)"
        if imported.isTestOnly, !importer.isTestOnly {
            return LayerFinding(
                rule: .testSupportInProduction,
                message: "\(edge): test support, in production code.",
                fix: "Import \(imported.target) only from test targets. Production code gets its data layer from "
                    + "the composition root, which calls DataLayerFactory.live(container:logger:); tests pass "
                    + "DataLayerFactory.inMemory() from StrataDataTesting through the same parameter."
            )
        }
        if importer.role == .test { return nil }
        if importer.side != nil, let finding = judgeSides(importer: importer, imported: imported, edge: edge) {
            return finding
        }
        if imported.role == .layerPrivate, imported.layer != importer.layer,
           !importer.layer.mayImport.contains(imported.layer) {
            let owners = policy.placements.filter { $0.layer == imported.layer && $0.role == .production }
                .map(\.target).joined(separator: ", ")
            return LayerFinding(
                rule: .layerPrivate,
                message: "\(edge), which is private to the \(imported.layer.name) layer.",
                fix: "Go through the public protocols and factory of \(owners) (for data: DataLayerFactory and "
                    + "ValueObjectStore). If something is missing there, add it to \(owners)'s public protocols "
                    + "and keep \(imported.target) inside."
            )
        }
        return judgeRanks(importer: importer, imported: imported, edge: edge)
            ?? judgeSides(importer: importer, imported: imported, edge: edge)
    }

    /// The `isolated-sides` finding for an edge between the client and the server (checked
    /// before every other layer rule but test support: no rank makes it right), or from a
    /// shared module into one side (checked after the ranks, which say more about an edge
    /// pointing upward). Benchmarks, tools and test support stand on no side and may use both:
    /// they are roots, or exist for tests.
    private func judgeSides(importer: Placement, imported: Placement, edge: String) -> LayerFinding? {
        guard let importedSide = imported.side, importer.side != importedSide else { return nil }
        let shared = policy.placements.filter { $0.side == nil && $0.role == .production && $0.layer.rank != nil }
            .map(\.target).joined(separator: ", ")
        if let importerSide = importer.side {
            return LayerFinding(
                rule: .isolatedSides,
                message: "\(edge): \(importer.target) is \(importerSide.rawValue) code and \(imported.target) is "
                    + "\(importedSide.rawValue) code, and the two sides never import each other, at any rank.",
                fix: "Move what both sides need into a module they share (\(shared)): a wire message or path "
                    + "into StrataWire, a utility into StrataCrossCutting. Then import it from there on both sides. "
                    + "If \(importer.target) needs what \(imported.target) does, not what it is, ask the other side "
                    + "over the wire."
            )
        }
        guard importer.layer.rank != nil, !importer.isTestOnly else { return nil }
        return LayerFinding(
            rule: .isolatedSides,
            message: "\(edge): \(importer.target) is shared by both sides, and \(imported.target) is "
                + "\(importedSide.rawValue) code, so every \(importedSide == .client ? "server" : "client") module "
                + "that imports \(importer.target) would link it.",
            fix: "If only the \(importedSide.rawValue) uses \(importer.target), say so: give it "
                + "`side: .\(importedSide.rawValue)` in LayerPolicy.strata "
                + "(Tests/ArchitectureTests/Checker/Policy/LayerPolicy.swift). Otherwise keep it free of either "
                + "side: move the code that needs \(imported.target) into a \(importedSide.rawValue) module."
        )
    }

    private func judgeRanks(importer: Placement, imported: Placement, edge: String) -> LayerFinding? {
        guard let importerRank = importer.layer.rank else {
            let allowedLayers = [importer.layer] + importer.layer.mayImport
            guard !allowedLayers.contains(imported.layer) else { return nil }
            let allowed = importer.layer.mayImport.map(\.name).joined(separator: ", ")
            return LayerFinding(
                rule: .layerRank,
                message: "\(edge); \(importer.layer.name) may import only \(allowed).",
                fix: "Measure through the layers \(importer.target) may import (the store through "
                    + "DataLayerFactory, the baseline through CSQLite), or, if measuring \(imported.layer.name) "
                    + "is the point, add that layer to the mayImport list of LayerPolicy."
                    + "\(importer.layer.name) and say why in Architecture.md."
            )
        }
        let importedRank = imported.layer.rank ?? Int.max
        if importedRank > importerRank {
            return LayerFinding(
                rule: .layerRank,
                message: "\(edge).",
                fix: "Keep the arrow pointing down. Move the code that needs \(imported.target) up into "
                    + "\(imported.target) or a module above it. If \(importer.target) really needs something from "
                    + "above, invert the arrow: declare a protocol for it in \(importer.target), let "
                    + "\(imported.target) conform, and have the composition root (a host's main) pass it down."
            )
        }
        if importedRank == importerRank, imported.group != importer.group {
            return LayerFinding(
                rule: .siblingHosts,
                message: "\(edge): siblings on one level never import each other.",
                fix: "Move what both need down into a layer both may import: a use case or business rule into "
                    + "StrataDomain, a utility or constant into StrataCrossCutting. Then import it from there in "
                    + "\(importer.target) and \(imported.target) alike."
            )
        }
        return nil
    }
}
