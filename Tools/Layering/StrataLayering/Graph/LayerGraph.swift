import Foundation

/// A picture of the package: its modules grouped by layer (highest rank on top), the
/// dependency edges its manifest declares, and the edges that break the rule in red with
/// their rule id. `--graph mermaid` and `--graph dot` print it.
///
/// Test targets are left out (they may import whatever they declare); so are edges to other
/// packages' products. By default the picture shows the ranked layers' production modules;
/// `everything` adds test support and the layers outside the ranks (benchmarks, tools).
public struct LayerGraph: Sendable {
    /// One arrow from a target to a module it depends on or imports.
    struct Edge: Hashable, Sendable {
        let from: String
        let to: String
        /// The rules the edge breaks, sorted; empty for a good edge.
        let rules: [String]
        /// Whether the manifest declares it (an import the manifest lacks is drawn dashed).
        let declared: Bool
    }

    /// The layers in drawing order (top first), each with its targets.
    let layers: [(name: String, targets: [String])]
    /// Every edge, in a stable order.
    let edges: [Edge]

    /// The graph of `package` under `policy`, with `violations` marked.
    public init(package: PackageModel, policy: LayerPolicy, violations: [Violation], everything: Bool = false) {
        let policy = policy.resolved(for: package)
        let drawn = package.targets.filter { target in
            guard target.kind != .test && target.kind != .plugin else { return false }
            guard !everything, let placement = policy.placement(of: target) else { return true }
            return placement.layer.rank != nil && !placement.isTestOnly
        }
        let names = Set(drawn.map(\.name))
        let layerOf = Dictionary(uniqueKeysWithValues: drawn.map { ($0.name, policy.placement(of: $0)?.layer.name ?? "unassigned") })
        var layers = policy.layers.reversed().map { entry in
            (name: entry.layer.rank.map { "\(entry.layer.name) (rank \($0))" } ?? entry.layer.name,
             targets: drawn.map(\.name).filter { layerOf[$0] == entry.layer.name })
        }.filter { !$0.targets.isEmpty }
        let unassigned = drawn.map(\.name).filter { layerOf[$0] == "unassigned" }
        if !unassigned.isEmpty { layers.append((name: "unassigned", targets: unassigned)) }
        self.layers = layers

        var broken: [String: Set<String>] = [:]
        for violation in violations {
            guard let from = violation.target, let module = violation.subject, names.contains(from),
                  let to = package.target(forModule: module)?.name, names.contains(to) else { continue }
            broken["\(from)→\(to)", default: []].insert(violation.rule.rawValue)
        }
        var edges: [Edge] = []
        var seen: Set<String> = []
        for target in drawn {
            for dependency in target.dependencies where !dependency.isProduct {
                guard let to = package.target(named: dependency.name)?.name, names.contains(to),
                      seen.insert("\(target.name)→\(to)").inserted else { continue }
                edges.append(Edge(
                    from: target.name, to: to, rules: (broken["\(target.name)→\(to)"] ?? []).sorted(), declared: true
                ))
            }
        }
        for (key, rules) in broken.sorted(by: { $0.key < $1.key }) where !seen.contains(key) {
            let ends = key.components(separatedBy: "→")
            edges.append(Edge(from: ends[0], to: ends[1], rules: rules.sorted(), declared: false))
        }
        self.edges = edges
    }

    /// A node id both formats accept: letters, digits and `_`.
    private static func id(_ name: String) -> String {
        String(name.map { $0.isLetter || $0.isNumber ? $0 : "_" })
    }

    /// A Mermaid flowchart (GitHub renders it inside a ```` ```mermaid ```` block).
    public var mermaid: String {
        var lines = ["flowchart TB"]
        for (index, layer) in layers.enumerated() {
            lines.append("  subgraph layer\(index)[\"\(layer.name)\"]")
            lines.append("    direction LR")
            for target in layer.targets { lines.append("    \(Self.id(target))[\"\(target)\"]") }
            lines.append("  end")
        }
        var red: [Int] = []
        for (index, edge) in edges.enumerated() {
            let arrow: String
            if edge.rules.isEmpty {
                arrow = "-->"
            } else {
                red.append(index)
                let label = edge.rules.joined(separator: ", ")
                arrow = edge.declared ? "-- \"\(label)\" -->" : "-. \"\(label)\" .->"
            }
            lines.append("  \(Self.id(edge.from)) \(arrow) \(Self.id(edge.to))")
        }
        if !red.isEmpty {
            lines.append("  linkStyle \(red.map(String.init).joined(separator: ",")) stroke:#d00,stroke-width:2px,color:#d00")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A Graphviz digraph (`dot -Tsvg`).
    public var dot: String {
        var lines = ["digraph layers {", "  rankdir=TB;", "  node [shape=box, fontname=\"Helvetica\"];"]
        for (index, layer) in layers.enumerated() {
            lines.append("  subgraph cluster_\(index) {")
            lines.append("    label=\"\(layer.name)\";")
            for target in layer.targets { lines.append("    \(Self.id(target)) [label=\"\(target)\"];") }
            lines.append("  }")
        }
        for edge in edges {
            var attributes: [String] = []
            if !edge.rules.isEmpty {
                attributes += ["color=red", "fontcolor=red", "label=\"\(edge.rules.joined(separator: ", "))\""]
            }
            if !edge.declared { attributes.append("style=dashed") }
            let suffix = attributes.isEmpty ? "" : " [\(attributes.joined(separator: ", "))]"
            lines.append("  \(Self.id(edge.from)) -> \(Self.id(edge.to))\(suffix);")
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }
}
