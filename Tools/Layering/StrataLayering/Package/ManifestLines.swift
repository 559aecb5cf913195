import Foundation

/// Finds the line where a target is declared in the manifest, so package-level violations
/// point at `Package.swift:42` rather than at the package as a whole.
///
/// In `Package.swift` that is the `name: "X"` line of a `.target(`, `.executableTarget(`,
/// `.testTarget(` or `.systemLibrary(` call (not the product with the same name), or the line
/// where a helper call takes the name as its first argument (`module("X", …)`, or `"X"` first
/// on the line after `tests(`); in a fixture's `package.json`, the target's `"name" : "X"` line.
/// When nothing matches: line 1.
///
/// The manifest is read once, in one pass that indexes every quoted string by the lines it
/// appears on, so each look-up is a dictionary look-up (a package of 3,000 targets looked up
/// line by line took seconds).
struct ManifestLines {
    /// The first 0-based line of each kind where a quoted string appears.
    private struct Found {
        /// A line that also says `name`.
        var named: Int?
        /// A `name` line in or right after the line of a target-declaring call.
        var inTargetCall: Int?
        /// A helper call's first argument: `("X"`, or `"X"` first on the line after one ending in `(`.
        var inHelperCall: Int?
    }

    private var found: [String: Found] = [:]

    /// Reads `manifestPath` under `root`; a missing file gives line 1 for everything.
    init(root: URL, manifestPath: String) {
        let url = root.appendingPathComponent(manifestPath)
        self.init(text: (try? String(contentsOf: url, encoding: .utf8)) ?? "")
    }

    /// Indexes the manifest `text`.
    init(text: String) {
        // Split on the byte, not on Characters (grapheme breaking costs more than all the rest).
        let lines = text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { Substring($0) }
        var previousHasCall = false
        for (index, line) in lines.enumerated() {
            let bytes = Array(line.utf8)
            let hasCall = bytes.contains(UInt8(ascii: ".")) && Self.targetCallBytes.contains { Self.bytes(bytes, contain: $0) }
            let named = Self.bytes(bytes, contain: Array("name".utf8))
            let nearCall = hasCall || previousHasCall
            let afterOpening = index > 0 && lines[index - 1].hasSuffix("(")
            let startsQuoted = line.drop { $0 == " " }.hasPrefix("\"")
            let product = Self.bytes(bytes, contain: Array(".product(".utf8))
            for (offset, literal) in Self.literals(in: line).enumerated() {
                var entry = found[literal.text] ?? Found()
                if named {
                    if entry.named == nil { entry.named = index }
                    if nearCall, entry.inTargetCall == nil { entry.inTargetCall = index }
                }
                if entry.inHelperCall == nil,
                   (literal.afterParenthesis && !product) || (offset == 0 && startsQuoted && afterOpening) {
                    entry.inHelperCall = index
                }
                found[literal.text] = entry
            }
            previousHasCall = hasCall
        }
    }

    /// Target-declaring calls in `Package.swift`.
    private static let targetCalls = [
        ".target(", ".executableTarget(", ".testTarget(", ".systemLibrary(", ".binaryTarget(", ".macro(", ".plugin(",
    ]

    /// ``targetCalls`` as UTF-8 bytes.
    private static let targetCallBytes = targetCalls.map { Array($0.utf8) }

    /// Whether `bytes` contain `pattern` (Foundation's `contains` bridges the string on every
    /// call; this runs for several needles on every manifest line).
    private static func bytes(_ bytes: [UInt8], contain pattern: [UInt8]) -> Bool {
        guard let first = pattern.first, bytes.count >= pattern.count else { return pattern.isEmpty }
        var index = 0
        while index <= bytes.count - pattern.count {
            if bytes[index] == first, bytes[index..<index + pattern.count].elementsEqual(pattern) { return true }
            index += 1
        }
        return false
    }

    /// The double-quoted strings on `line` (no escapes inside target names), each with whether
    /// a `(` comes right before its opening quote.
    private static func literals(in line: Substring) -> [(text: String, afterParenthesis: Bool)] {
        var result: [(text: String, afterParenthesis: Bool)] = []
        var start: Substring.Index?
        var afterParenthesis = false
        var previous: UInt8?
        let utf8 = line.utf8
        for index in utf8.indices {
            let byte = utf8[index]
            if byte == UInt8(ascii: "\"") {
                if let open = start {
                    result.append((String(line[utf8.index(after: open)..<index]), afterParenthesis))
                    start = nil
                } else {
                    start = index
                    afterParenthesis = previous == UInt8(ascii: "(")
                }
            }
            previous = byte
        }
        return result
    }

    /// The 1-based line declaring target `name`.
    func line(ofTarget name: String) -> Int {
        guard let entry = found[name] else { return 1 }
        return (entry.inTargetCall ?? entry.inHelperCall ?? entry.named).map { $0 + 1 } ?? 1
    }
}
