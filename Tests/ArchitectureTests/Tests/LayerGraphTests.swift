import Foundation
@testable import StrataLayering
import StrataTestSupport
import Testing

/// `--graph mermaid|dot`: the package drawn by layer, violations in red; and the graph the
/// Architecture.md embeds is the one the real package gives today.
@Suite("The layer graph: drawn from the package, violations in red, never stale in the docs")
struct LayerGraphTests {
    /// The markers around the generated graph in Architecture.md (the README links to it).
    static let begin = "<!-- layers-graph:begin (generated: scripts/update-layers-graph) -->"
    static let end = "<!-- layers-graph:end -->"

    @Test("a violating edge is red and labelled with its rule; layers are subgraphs, highest rank on top")
    func violationsAreRed() throws {
        let violations = try Fixture.violations("layer-rank")
        let graph = LayerGraph(package: try Fixture.package("layer-rank"), policy: try LayerPolicy.strata(), violations: violations)
        let mermaid = graph.mermaid
        #expect(mermaid.hasPrefix("flowchart TB\n  subgraph layer0[\"micro-apps (rank 3)\"]"))
        #expect(mermaid.contains("  StrataData -. \"layer-rank\" .-> StrataDomain\n"))
        #expect(mermaid.contains("  StrataDomain --> StrataData\n"))
        #expect(mermaid.contains("stroke:#d00"))
        let dot = graph.dot
        #expect(dot.contains("StrataData -> StrataDomain [color=red, fontcolor=red, label=\"layer-rank\", style=dashed];"))
        #expect(dot.contains("subgraph cluster_0 {\n    label=\"micro-apps (rank 3)\";"))
    }

    @Test("Architecture.md embeds the graph of the real package as it is today")
    func committedGraphIsCurrent() async throws {
        let (root, package) = try await RealRepository.shared.value.get()
        let policy = try LayerPolicy.strata()
        // The whole repository is scanned: off the cooperative pool, which the other suites share.
        let violations = try await offThePool { try LayeringChecker(package: package, policy: policy, root: root).check() }
        let expected = "```mermaid\n" + LayerGraph(package: package, policy: policy, violations: violations).mermaid + "```"
        for document in ["Architecture.md"] {
            let text = try String(contentsOf: root.appendingPathComponent(document), encoding: .utf8)
            let embedded = text.components(separatedBy: Self.begin).dropFirst().first?.components(separatedBy: Self.end).first
            #expect(
                embedded?.trimmingCharacters(in: .whitespacesAndNewlines) == expected,
                "\(document)'s layer graph is stale: run scripts/update-layers-graph (it embeds the output of `swift run strata-check-layers --graph mermaid`)"
            )
        }
    }
}
