import Foundation

/// One import found in one file.
struct LocatedImport: Sendable {
    let statement: ImportStatement
    /// The file, relative to the package root.
    let path: String
}

/// The `unused-dependency`, `import-cycle` and `testable-import` rules: what a target's files
/// import, held against what it declares and what its neighbours import.
extension LayeringChecker {
    /// The `testable-import` violation of one import, or `nil`: `@testable import` belongs
    /// in tests and test support only.
    func testableImportViolation(
        _ statement: ImportStatement, in target: PackageModel.Target, placement: Placement, path: String
    ) -> Violation? {
        guard statement.attributes.contains("testable"), !placement.isTestOnly, target.kind != .test else { return nil }
        return violation(
            .testableImport, path: path, line: statement.line,
            message: "\(placement.summary) has `@testable import \(statement.module)` in production code.",
            fix: "Import it without @testable and use its public API (make public what \(placement.target) really "
                + "needs from \(statement.module)), or move this code into a test target.",
            target: target.name, subject: statement.module
        )
    }

    /// Dependencies a Swift target declares and none of its files imports (in any `#if`
    /// branch), directly or through a module it imports that re-exports them
    /// (`@_exported import`).
    ///
    /// Skipped, because an import cannot show their use: targets with no Swift files (C
    /// targets, resources only) and plugins; dependencies on system libraries, binary targets,
    /// plugins, macros, executables (tests run them), targets without Swift files (C
    /// headers); and products whose name cannot be a module name (their modules are unknown).
    func unusedDependencyViolations(imports: [String: [LocatedImport]], swiftTargets: Set<String>) -> [Violation] {
        let reexports = reexportedModules(imports: imports)
        var violations: [Violation] = []
        for target in package.targets where swiftTargets.contains(target.name) && target.kind != .plugin {
            let imported = Set((imports[target.name] ?? []).map(\.statement.module))
            let reached = imported.union(imported.flatMap { reexports[$0] ?? [] })
            var reported: Set<String> = []
            for dependency in target.dependencies {
                // A product counts as used when a module named like it is imported too: a product
                // whose manifest could not be read, or was read under another tools version.
                guard let modules = importableModules(of: dependency, swiftTargets: swiftTargets),
                      !modules.isEmpty, reached.isDisjoint(with: modules),
                      !(dependency.isProduct || package.target(named: dependency.name) == nil)
                          || !reached.contains(PackageModel.moduleName(ofTarget: dependency.name)),
                      reported.insert(dependency.name).inserted
                else { continue }
                let what = modules == [dependency.name] ? dependency.name : "\(dependency.name) (module \(modules.sorted().joined(separator: ", ")))"
                violations.append(violation(
                    .unusedDependency, path: manifestPath, line: manifest.line(ofTarget: target.name),
                    message: "target \(target.name) declares a dependency on \(what), and none of its files imports it.",
                    fix: "Remove \"\(dependency.name)\" from the dependencies of target \"\(target.name)\" in "
                        + "Package.swift; if it is needed without an import (a runtime resource, a plugin's tool), "
                        + "allow it with an \"exceptions\" entry (rule unused-dependency) in \(policy.source) and say why.",
                    target: target.name, subject: modules.sorted().first
                ))
            }
        }
        return violations
    }

    /// The Swift modules a dependency provides that an import would show, or `nil` when its use
    /// cannot be seen in imports.
    private func importableModules(of dependency: PackageModel.Dependency, swiftTargets: Set<String>) -> Set<String>? {
        if !dependency.isProduct, let local = package.target(named: dependency.name) {
            guard [.regular, .test].contains(local.kind), swiftTargets.contains(local.name) else { return nil }
            return [local.moduleName]
        }
        if case .target = dependency { return nil }
        let modules = package.modules(providedBy: dependency)
        guard modules.allSatisfy(Self.isModuleName) else { return nil }
        return Set(modules)
    }

    /// Whether `name` can be a Swift module name (letters, digits and `_`, not starting with a digit).
    private static func isModuleName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, !CharacterSet.decimalDigits.contains(first) else { return false }
        return name.unicodeScalars.allSatisfy { CharacterSet.alphanumerics.contains($0) || $0 == "_" }
    }

    /// For each module of the package, every module it re-exports (`@_exported import`),
    /// followed through re-exports of re-exports.
    private func reexportedModules(imports: [String: [LocatedImport]]) -> [String: Set<String>] {
        var direct: [String: Set<String>] = [:]
        for (name, located) in imports {
            let exported = located.filter { $0.statement.attributes.contains("_exported") }.map(\.statement.module)
            if !exported.isEmpty { direct[PackageModel.moduleName(ofTarget: name), default: []].formUnion(exported) }
        }
        var closed: [String: Set<String>] = [:]
        for module in direct.keys {
            var seen: Set<String> = []
            var queue = Array(direct[module] ?? [])
            while let next = queue.popLast() {
                guard seen.insert(next).inserted else { continue }
                queue += direct[next] ?? []
            }
            closed[module] = seen
        }
        return closed
    }

    /// One `import-cycle` violation per cycle among the package's targets, the edges being
    /// declared dependencies on the package's own targets and imports of their modules. Each
    /// strongly connected group of targets is reported once, on the manifest line of its
    /// first target by name, with one cycle through it spelled out.
    ///
    /// An edge the layers already forbid (an import pointing up a rank, between siblings or
    /// sides) is left out: that rule reports it, and the cycle it closes is gone once it is
    /// fixed. What remains are the cycles the layers allow, inside one sibling group.
    func importCycleViolations(imports: [String: [LocatedImport]]) -> [Violation] {
        var edges: [String: Set<String>] = [:]
        var how: [String: String] = [:]  // "A→B": "declares" or "imports (path:line)"
        for target in package.targets {
            for dependency in target.dependencies where !dependency.isProduct {
                guard let local = package.target(named: dependency.name), local.name != target.name,
                      !layersForbid(target, local) else { continue }
                edges[target.name, default: []].insert(local.name)
                how["\(target.name)→\(local.name)"] = "declares"
            }
            for located in imports[target.name] ?? [] {
                guard let local = package.target(forModule: located.statement.module), local.name != target.name,
                      !layersForbid(target, local) else { continue }
                edges[target.name, default: []].insert(local.name)
                if how["\(target.name)→\(local.name)"] == nil {
                    how["\(target.name)→\(local.name)"] = "imports it at \(located.path):\(located.statement.line)"
                }
            }
        }
        return Self.stronglyConnected(edges).compactMap { group -> Violation? in
            guard group.count > 1, let start = group.min(), let cycle = Self.cycle(from: start, within: group, edges: edges)
            else { return nil }
            let spelled = cycle.joined(separator: " → ")
            let steps = zip(cycle, cycle.dropFirst()).map { "\($0) → \($1) (\(how["\($0)→\($1)"] ?? "declares"))" }
            let others = group.count > cycle.count - 1 ? " (\(group.count) targets are tangled: \(group.sorted().joined(separator: ", ")))" : ""
            return violation(
                .importCycle, path: manifestPath, line: manifest.line(ofTarget: start),
                message: "targets depend on each other in a cycle: \(spelled)\(others); \(steps.joined(separator: "; ")).",
                fix: "Break the cycle at the edge that points the wrong way: declare a protocol for what the lower "
                    + "target needs in that target, let the higher one conform, and have the composition root pass "
                    + "it down; or move the shared code into a target both may import.",
                target: start, subject: spelled
            )
        }.sorted { ($0.subject ?? "") < ($1.subject ?? "") }
    }

    /// Whether a layer rule already forbids `importer` depending on `imported`.
    private func layersForbid(_ importer: PackageModel.Target, _ imported: PackageModel.Target) -> Bool {
        guard let placement = policy.placement(of: importer) else { return false }
        return judgeLayers(importer: placement, module: imported.moduleName, verb: "imports") != nil
    }

    /// The strongly connected components of `edges` (Tarjan's algorithm, iteratively).
    static func stronglyConnected(_ edges: [String: Set<String>]) -> [Set<String>] {
        let nodes = Set(edges.keys).union(edges.values.flatMap { $0 }).sorted()
        var index: [String: Int] = [:]
        var low: [String: Int] = [:]
        var onStack: Set<String> = []
        var stack: [String] = []
        var result: [Set<String>] = []
        var counter = 0
        for root in nodes where index[root] == nil {
            var work: [(node: String, successors: [String], next: Int)] = []
            func enter(_ node: String) {
                index[node] = counter
                low[node] = counter
                counter += 1
                stack.append(node)
                onStack.insert(node)
                work.append((node, (edges[node] ?? []).sorted(), 0))
            }
            enter(root)
            while var frame = work.popLast() {
                if frame.next < frame.successors.count {
                    let successor = frame.successors[frame.next]
                    frame.next += 1
                    work.append(frame)
                    if index[successor] == nil {
                        enter(successor)
                    } else if onStack.contains(successor) {
                        low[frame.node] = min(low[frame.node] ?? 0, index[successor] ?? 0)
                    }
                    continue
                }
                if let parent = work.last?.node { low[parent] = min(low[parent] ?? 0, low[frame.node] ?? 0) }
                guard low[frame.node] == index[frame.node] else { continue }
                var component: Set<String> = []
                while let member = stack.popLast() {
                    onStack.remove(member)
                    component.insert(member)
                    if member == frame.node { break }
                }
                result.append(component)
            }
        }
        return result
    }

    /// A shortest cycle from `start` back to it inside `group`: `[start, …, start]`.
    static func cycle(from start: String, within group: Set<String>, edges: [String: Set<String>]) -> [String]? {
        var queue: [[String]] = [[start]]
        var seen: Set<String> = [start]
        while !queue.isEmpty {
            let path = queue.removeFirst()
            for next in (edges[path[path.count - 1]] ?? []).sorted() where group.contains(next) {
                if next == start { return path + [start] }
                if seen.insert(next).inserted { queue.append(path + [next]) }
            }
        }
        return nil
    }
}
