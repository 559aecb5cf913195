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
        let branch = statement.isConditional ? ViolationGroup.conditionalNote : ""
        if let finding = judgeLayers(importer: placement, module: module, verb: "imports") {
            return violation(
                finding.rule, path: path, line: statement.line,
                message: finding.message + branch, fix: finding.fix, target: target.name, subject: module
            )
        }
        if policy.toolchainModules.contains(module) || policy.testOnlyToolchainModules.contains(module) { return nil }
        if let finding = platformViolation(statement, in: target, path: path) { return finding }
        if package.declaredModules(of: target).contains(module) { return nil }
        if ToolchainModules.contains(module), !package.providesModule(module) { return nil }
        // `#if canImport(string_h)` around `import string_h`: a platform's own module, imported only where
        // it exists. No package builds it, so there is nothing to declare.
        if statement.condition?.requiresImportable(module) == true, !package.providesModule(module) { return nil }

        let spelling = package.manifestSpelling(ofModule: module)
        let known = package.providesModule(module) || spelling.hasPrefix(".product")
        let message: String
        let addPackage = package.packageToAdd(forModule: module)
            .map { "add \($0.manifestDeclaration(relativeTo: root)) to the package's dependencies and " } ?? ""
        var fix = "Declare it: \(addPackage)add \(spelling) to the dependencies of target \"\(target.name)\" in Package.swift "
            + "(if the layers allow that edge), or remove the import."
        let chain = package.dependencyChain(from: target, to: module)
        if let chain {
            message = "\(target.name) imports \(module), which its target does not declare: it is only reachable "
                + "(\(chain.joined(separator: " → "))), and reachable is not permission."
            fix += " Or get what you need through the public API of \(chain[1]), which you already declare."
        } else if known {
            message = "\(target.name) imports \(module), which its target does not declare."
        } else {
            message = "\(target.name) imports \(module): no target of the package provides it, no declared product "
                + "does, and it is not a toolchain or SDK module the checker or the policy knows."
            fix = "Add the package that provides \(module) to Package.swift's dependencies and "
                + "`.product(name: \"\(module)\", package: …)` to target \"\(target.name)\"; if \(module) ships "
                + "with the toolchain, add it to \"toolchainModules\" in \(policy.source); or remove the import."
        }
        if let owner = package.internalPackage(ofModule: module) {
            fix = "\(module) is internal to package \(owner.identity): no product of it offers \(module), so no target "
                + "outside it may declare it. "
                + (chain.map { "Get what you need through the public API of \($0[1]), which you already declare, or " } ?? "")
                + "remove the import."
        }
        return violation(
            .directDependency, path: path, line: statement.line, message: message + branch, fix: fix,
            target: target.name, subject: module
        )
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
            var fix = "Import \(imported.target) only from test targets. Production code gets what it needs from "
                + "the composition root, as a protocol"
            if let (factory, member, double) = doubledMember(in: imported.target), let type = member.parameterType {
                fix += " (the root calls \(factory.type).\(member.name) and passes `\(type)` down); tests pass "
                    + "\(double) through the same parameter"
            }
            return LayerFinding(rule: .testSupportInProduction, message: "\(edge): test support, in production code.", fix: fix + ".")
        }
        if importer.role == .test { return nil }
        if importer.side != nil, let finding = judgeSides(importer: importer, imported: imported, edge: edge) {
            return finding
        }
        if imported.role == .layerPrivate, imported.layer != importer.layer,
           !importer.layer.mayImport.contains(imported.layer.name) {
            let ownerNames = policy.placements.filter { $0.layer == imported.layer && $0.role == .production }
                .map(\.target)
            let owners = ownerNames.joined(separator: ", ")
            let factories = ownerNames.compactMap { liveFactory(declaredIn: $0)?.type }
            let through = factories.isEmpty ? "" : " (\(factories.joined(separator: ", ")))"
            let fix = ownerNames.isEmpty
                ? "Only modules of the \(imported.layer.name) layer may import \(imported.target), and that layer has no "
                    + "other module yet: give it one that wraps \(imported.target) behind public protocols, and import "
                    + "that instead; or, if \(importer.target) is meant to own \(imported.target), move one of the two "
                    + "so they share a layer in \(policy.source)."
                : "Go through the public protocols and factory of \(owners)\(through). If something is missing "
                    + "there, add it to \(owners)'s public protocols and keep \(imported.target) inside."
            return LayerFinding(
                rule: .layerPrivate,
                message: "\(edge), which is private to the \(imported.layer.name) layer.",
                fix: fix
            )
        }
        return judgeRanks(importer: importer, imported: imported, edge: edge)
            ?? judgeSides(importer: importer, imported: imported, edge: edge)
    }

    /// The `isolated-sides` finding for an edge between two sides (checked
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
                message: "\(edge): \(importer.target) is \(importerSide) code and \(imported.target) is "
                    + "\(importedSide) code, and the two sides never import each other, at any rank.",
                fix: "Move what both sides need into a module they share (\(shared)): a message or path both "
                    + "speak, or a utility. Then import it from there on both sides. If \(importer.target) needs "
                    + "what \(imported.target) does, not what it is, ask the other side over the wire."
            )
        }
        guard importer.layer.rank != nil, !importer.isTestOnly else { return nil }
        return LayerFinding(
            rule: .isolatedSides,
            message: "\(edge): \(importer.target) is shared by every side, and \(imported.target) is "
                + "\(importedSide) code, so every module of another side that imports \(importer.target) would "
                + "link it.",
            fix: "If only the \(importedSide) side uses \(importer.target), say so: give it "
                + "`\"side\": \"\(importedSide)\"` in \(policy.source). Otherwise keep it free of every "
                + "side: move the code that needs \(imported.target) into a module of the \(importedSide) side."
        )
    }

    private func judgeRanks(importer: Placement, imported: Placement, edge: String) -> LayerFinding? {
        guard let importerRank = importer.layer.rank else {
            let allowedLayers = [importer.layer.name] + importer.layer.mayImport
            guard !allowedLayers.contains(imported.layer.name) else { return nil }
            let allowed = importer.layer.mayImport.joined(separator: ", ")
            return LayerFinding(
                rule: .layerRank,
                message: "\(edge); \(importer.layer.name) may import only \(allowed).",
                fix: "Reach it through the layers \(importer.target) may import (their protocols and factories), "
                    + "or, if using \(imported.layer.name) directly is the point, add \"\(imported.layer.name)\" to "
                    + "the mayImport list of layer \"\(importer.layer.name)\" in \(policy.source) and say why in "
                    + "the architecture's docs."
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
                    + "\(imported.target) conform, and have the composition root (an executable's main) pass it down."
            )
        }
        if importedRank == importerRank, imported.group != importer.group {
            return LayerFinding(
                rule: .siblingHosts,
                message: "\(edge): siblings on one level never import each other.",
                fix: "Move what both need down into a layer both may import (a lower rank\(lowerLayers(than: importer))). "
                    + "Then import it from there in \(importer.target) and \(imported.target) alike."
            )
        }
        return nil
    }
}

extension LayeringChecker {
    /// `: core, services` — the policy's layers ranked below `placement`'s, for fix messages.
    fileprivate func lowerLayers(than placement: Placement) -> String {
        guard let rank = placement.layer.rank else { return "" }
        let names = policy.declaredLayers.filter { ($0.rank ?? Int.max) < rank }.map(\.name)
        return names.isEmpty ? "" : ": " + names.joined(separator: ", ")
    }

    /// A live member whose test double `testSupport` declares (or, when it declares none, the
    /// first live member with any double), with the double as fix messages name it.
    fileprivate func doubledMember(in testSupport: String) -> (LiveFactory, LiveFactory.Member, String)? {
        let candidates = factories.flatMap { factory in
            factory.members.compactMap { member in factory.testDouble(for: member).map { (factory, member, $0) } }
        }
        return candidates.first { $0.0.doubles.contains { $0.module == testSupport } } ?? candidates.first
    }
}
