import Foundation
@testable import StrataLayering
import Testing

/// `ManifestLines` indexes the manifest once: every target's line is what the line-by-line
/// search found before, and a manifest of 3,000 targets is indexed and looked up in about a
/// second in a debug build under load (the search took 29 s for 1,000 targets in a debug build:
/// it scanned every line for every target; 3,000 would take minutes).
@Suite("Manifest lines: one pass, the same lines, 3,000 targets at once")
struct ManifestLinesTests {
    /// The search ManifestLines did before issue 30, line by line for each target: the reference.
    static func referenceLine(ofTarget name: String, in text: String) -> Int {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let calls = [".target(", ".executableTarget(", ".testTarget(", ".systemLibrary(", ".binaryTarget(", ".macro(", ".plugin("]
        let quoted = "\"\(name)\""
        let candidates = lines.indices.filter { lines[$0].contains(quoted) && lines[$0].contains("name") }
        let inTargetCall = candidates.first { index in
            lines[max(0, index - 1)...index].contains { line in calls.contains { line.contains($0) } }
        }
        let inHelperCall = lines.indices.first { index in
            let line = lines[index]
            if line.contains("(" + quoted) { return !line.contains(".product(") }
            return line.drop { $0 == " " }.hasPrefix(quoted) && index > 0 && lines[index - 1].hasSuffix("(")
        }
        return (inTargetCall ?? inHelperCall ?? candidates.first).map { $0 + 1 } ?? 1
    }

    @Test("every target of Strata's Package.swift and of every fixture's package.json gets the line the old search gave")
    func sameLinesAsBefore() throws {
        var manifests = [LayerPolicy.repositoryRoot.appendingPathComponent("Package.swift")]
        manifests += Fixture.cases.map { Fixture.folder.appendingPathComponent($0).appendingPathComponent("package.json") }
        let strata = try String(contentsOf: manifests[0], encoding: .utf8)
        var names = Set(strata.matches(of: /"([A-Za-z0-9_-]+)"/).map { String($0.output.1) })
        for manifest in manifests.dropFirst() where FileManager.default.fileExists(atPath: manifest.path) {
            let text = try String(contentsOf: manifest, encoding: .utf8)
            names.formUnion(text.matches(of: /"name" : "([^"]+)"/).map { String($0.output.1) })
        }
        var compared = 0
        for manifest in manifests where FileManager.default.fileExists(atPath: manifest.path) {
            let text = try String(contentsOf: manifest, encoding: .utf8)
            let lines = ManifestLines(text: text)
            for name in names.sorted() {
                #expect(lines.line(ofTarget: name) == Self.referenceLine(ofTarget: name, in: text), "\(name) in \(manifest.lastPathComponent)")
                compared += 1
            }
        }
        #expect(compared > 1_000)
        #expect(ManifestLines(text: strata).line(ofTarget: "StrataLayering") > 1)
    }

    @Test("a manifest of 3,000 targets: indexed and every target looked up in under 5 s (debug; the old search: minutes)")
    func scale() {
        let targets = (0..<3_000).map { index in
            "        .target(\n            name: \"T\(index)\",\n            dependencies: [\"T\(max(0, index - 1))\"],\n"
                + "            path: \"Sources/T\(index)\"\n        ),"
        }
        let text = "let package = Package(\n    name: \"Big\",\n    targets: [\n" + targets.joined(separator: "\n") + "\n    ]\n)\n"
        let start = ContinuousClock.now
        let lines = ManifestLines(text: text)
        let found = (0..<3_000).map { lines.line(ofTarget: "T\($0)") }
        let elapsed = ContinuousClock.now - start
        #expect(found == (0..<3_000).map { 5 + 5 * $0 })
        #expect(elapsed < .seconds(5), "\(elapsed)")
    }
}
