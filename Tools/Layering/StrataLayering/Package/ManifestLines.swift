import Foundation

/// Finds the line where a target is declared in the manifest, so package-level violations
/// point at `Package.swift:42` rather than at the package as a whole.
///
/// In `Package.swift` that is the `name: "X"` line of a `.target(`, `.executableTarget(`,
/// `.testTarget(` or `.systemLibrary(` call (not the product with the same name), or the line
/// where a helper call takes the name as its first argument (`module("X", …)`, or `"X"` first
/// on the line after `tests(`); in a fixture's `package.json`, the target's `"name" : "X"` line.
/// When nothing matches: line 1.
struct ManifestLines {
    private let lines: [Substring]

    /// Reads `manifestPath` under `root`; a missing file gives line 1 for everything.
    init(root: URL, manifestPath: String) {
        let url = root.appendingPathComponent(manifestPath)
        let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
        lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    }

    /// Target-declaring calls in `Package.swift`.
    private static let targetCalls = [
        ".target(", ".executableTarget(", ".testTarget(", ".systemLibrary(", ".binaryTarget(", ".macro(", ".plugin(",
    ]

    /// The 1-based line declaring target `name`.
    func line(ofTarget name: String) -> Int {
        let quoted = "\"\(name)\""
        let candidates = lines.indices.filter { index in
            let line = lines[index]
            return line.contains(quoted) && line.contains("name")
        }
        let inTargetCall = candidates.first { index in
            let nearby = lines[max(0, index - 1)...index]
            return nearby.contains { line in Self.targetCalls.contains { line.contains($0) } }
        }
        let inHelperCall = lines.indices.first { index in
            let line = lines[index]
            if line.contains("(" + quoted) { return !line.contains(".product(") }
            return line.drop { $0 == " " }.hasPrefix(quoted) && index > 0 && lines[index - 1].hasSuffix("(")
        }
        return (inTargetCall ?? inHelperCall ?? candidates.first).map { $0 + 1 } ?? 1
    }
}
