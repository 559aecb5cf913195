public import Foundation

/// A first `layers.json` for a package that has none (`strata-check-layers --init`): every
/// target placed by what it depends on, so the first check reports what the package really
/// does, not a wall of `unassigned-target`.
///
/// - Ranks come from the package's own dependency graph (declared dependencies on its targets,
///   and the imports found in its files: ``init(package:root:)``): a target that depends on nothing of the
///   package has rank 0, any other one rank more than the highest it depends on (the longest
///   path down). Each rank is a layer named `level N`; its targets form one sibling group.
/// - Test targets are placed automatically (they need no entry).
/// - Test support: a `…Testing` target, or a library only test targets depend on whose name
///   says so (`Test`, `Mock`, `Fake`, `Stub`, `Fixture`), gets `"role": "test-support"`.
/// - Executables sit in a layer of their own above every rank (`executables`): nothing may
///   import them, and each is a composition root.
/// - Plugins sit in a layer outside the ranks (`plugins`) that may use the layers of the tools
///   they run.
///
/// The result is a start, not a verdict: rename the layers, split groups, mark layer-private
/// modules, then record today's findings with `--write-baseline`.
public struct StarterPolicy: Sendable {
    /// One layer of the starter policy and its modules, in manifest order.
    public struct Entry: Sendable, Equatable {
        /// The layer's name (`level 0`, `executables`, `plugins`).
        public let layer: String
        /// The rank, or `nil` for a layer outside the ranks.
        public let rank: Int?
        /// For a layer outside the ranks: the layers it may import.
        public let mayImport: [String]
        /// The targets, each with whether it is test support.
        public let modules: [(target: String, testSupport: Bool)]

        /// Whether both name the same layer, rank, imports and modules with the same roles.
        public static func == (lhs: Entry, rhs: Entry) -> Bool {
            lhs.layer == rhs.layer && lhs.rank == rhs.rank && lhs.mayImport == rhs.mayImport
                && lhs.modules.map(\.target) == rhs.modules.map(\.target)
                && lhs.modules.map(\.testSupport) == rhs.modules.map(\.testSupport)
        }
    }

    /// The layers, bottom up, then the layers outside the ranks.
    public let entries: [Entry]
    /// The package the policy was written for.
    public let packageName: String

    /// The starter policy of `package`; `imports` adds, per target name, the modules its files
    /// import (an import of one of the package's targets that the manifest does not declare
    /// still ranks the importer above it).
    public init(package: PackageModel, imports: [String: Set<String>] = [:]) {
        packageName = package.name
        let placed = package.targets.filter { $0.kind != .test }
        let names = Set(placed.map(\.name))
        var below: [String: Set<String>] = [:]
        for target in placed {
            var edges = Set(target.dependencies.filter { !$0.isProduct }.map(\.name).filter { names.contains($0) })
            for module in imports[target.name] ?? [] {
                if let local = package.target(forModule: module), names.contains(local.name) { edges.insert(local.name) }
            }
            edges.remove(target.name)
            below[target.name] = edges
        }
        var rank: [String: Int] = [:]
        func rankOf(_ name: String, visiting: Set<String>) -> Int {
            if let known = rank[name] { return known }
            let next = visiting.union([name])
            let value = (below[name] ?? []).filter { !next.contains($0) && package.target(named: $0)?.kind != .executable }
                .map { rankOf($0, visiting: next) + 1 }.max() ?? 0
            rank[name] = value
            return value
        }
        var dependents: [String: Set<String>] = [:]
        for target in package.targets {
            for dependency in target.dependencies where !dependency.isProduct { dependents[dependency.name, default: []].insert(target.name) }
        }
        func isTestSupport(_ target: PackageModel.Target) -> Bool {
            guard [.regular, .system].contains(target.kind) else { return false }
            if target.name.hasSuffix("Testing") && target.name != "Testing" { return true }
            let users = dependents[target.name] ?? []
            let named = ["Test", "Mock", "Fake", "Stub", "Fixture"].contains { target.name.contains($0) }
            return named && !users.isEmpty && users.allSatisfy { package.target(named: $0)?.kind == .test }
        }
        let libraries = placed.filter { $0.kind != .executable && $0.kind != .plugin }
        let levels = Set(libraries.map { rankOf($0.name, visiting: []) }).sorted()
        var entries: [Entry] = levels.map { level in
            Entry(
                layer: "level \(level)", rank: level, mayImport: [],
                modules: libraries.filter { rank[$0.name] == level }.map { ($0.name, isTestSupport($0)) }
            )
        }
        let executables = placed.filter { $0.kind == .executable }
        if !executables.isEmpty {
            entries.append(Entry(
                layer: "executables", rank: (levels.last ?? -1) + 1, mayImport: [],
                modules: executables.map { ($0.name, false) }
            ))
        }
        let plugins = placed.filter { $0.kind == .plugin }
        if !plugins.isEmpty {
            let used = Set(plugins.flatMap { below[$0.name] ?? [] })
            let layers = entries.filter { entry in entry.modules.contains { used.contains($0.target) } }.map(\.layer)
            entries.append(Entry(layer: "plugins", rank: nil, mayImport: layers, modules: plugins.map { ($0.name, false) }))
        }
        self.entries = entries
    }

    /// The starter policy of the package at `root`: ranked by its declared dependencies and by
    /// the imports of its Swift files (every `#if` branch), so an undeclared import of one of
    /// its targets still ranks the importer above it. A file that cannot be read is skipped.
    public init(package: PackageModel, root: URL) {
        let resolved = package.resolvingDefaultPaths(root: root)
        var imports: [String: Set<String>] = [:]
        for target in resolved.targets where target.kind != .system && target.kind != .binary {
            for path in SourceFiles.swiftFiles(of: target, root: root) {
                guard let data = try? InputFile.read(
                    root.appendingPathComponent(path), named: path, limit: InputFile.sourceFileLimit,
                    expected: "a Swift source file", allowsEmpty: true
                ), let text = String(validating: data, as: UTF8.self) else { continue }
                imports[target.name, default: []].formUnion(ImportScanner.imports(in: text).map(\.module))
            }
        }
        self.init(package: resolved, imports: imports)
    }

    /// The policy as `layers.json` text, ending in a newline.
    public var json: String {
        var lines = [
            "{",
            "  \"$comment\": \(Self.quoted("A starter policy for \(packageName), written by strata-check-layers --init from its targets' dependencies and imports: rename the layers, split sibling groups, mark layer-private modules; see Docs/LayersJSON.md for every key.")),",
            "  \"layers\": [",
        ]
        let layerLines = entries.map { entry -> String in
            let modules = entry.modules.map { module in
                module.testSupport
                    ? "{ \"target\": \(Self.quoted(module.target)), \"role\": \"test-support\" }" : Self.quoted(module.target)
            }
            var head = "    { \"name\": \(Self.quoted(entry.layer)), "
            if let rank = entry.rank {
                head += "\"rank\": \(rank), "
            } else {
                head += "\"mayImport\": [\(entry.mayImport.map(Self.quoted).joined(separator: ", "))], "
            }
            return head + "\"modules\": [\n      " + modules.joined(separator: ",\n      ") + "\n    ] }"
        }
        lines.append(layerLines.joined(separator: ",\n"))
        lines += [
            "  ],",
            "  \"testOnlyModules\": [\"Testing\", \"XCTest\"],",
            "  \"compositionRoots\": { \"executables\": true, \"targets\": [] },",
            "  \"exceptions\": []",
            "}",
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    /// `3 layers, 12 targets (2 test support, 1 executable)`.
    public var summary: String {
        let targets = entries.reduce(0) { $0 + $1.modules.count }
        let support = entries.reduce(0) { $0 + $1.modules.filter(\.testSupport).count }
        let executables = entries.first { $0.layer == "executables" }?.modules.count ?? 0
        return "\(entries.count) layer\(entries.count == 1 ? "" : "s"), \(targets) target\(targets == 1 ? "" : "s") "
            + "(\(support) test support, \(executables) executable\(executables == 1 ? "" : "s"))"
    }

    /// `text` as a JSON string literal.
    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 {
                    out += "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count) + String(scalar.value, radix: 16)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}
