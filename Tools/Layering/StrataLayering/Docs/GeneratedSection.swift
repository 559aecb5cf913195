import Foundation

/// A section of the Markdown documents that is generated from the package, never written by
/// hand: it lives between two HTML comments,
///
/// ```markdown
/// <!-- generated:begin modules (scripts/update-docs) -->
/// | target | folder | … |
/// <!-- generated:end modules -->
/// ```
///
/// `scripts/update-docs` (`swift run strata-docs`) rewrites every such section of every
/// document from the code (``DocumentationGenerator``), and `StrataArchitectureTests` fails,
/// naming the section and the command, while one is stale.
public enum GeneratedSection: String, CaseIterable, Sendable {
    /// Every target: folder, layer, direct dependencies, and its DocC catalog's abstract.
    case modules
    /// The server side's targets only (Docs/Server.md), in the same shape as ``modules``.
    case serverModules = "server-modules"
    /// The live factories the `composition-root` rule finds in the code, and their test doubles.
    case factories
    /// strata-host's micro-apps: name, module, the `strata://` routes each accepts, what it shows.
    case microApps = "micro-apps"
    /// strata-server's API routes, as its OpenAPI document (checked equal to the route table) lists them.
    case serverRoutes = "server-routes"
    /// The README's layout: each folder of the repository and what it holds.
    case layout

    /// The command that regenerates every section.
    public static let command = "scripts/update-docs"

    /// The comment opening the section.
    public var begin: String { "<!-- generated:begin \(rawValue) (\(Self.command)) -->" }

    /// The comment closing the section.
    public var end: String { "<!-- generated:end \(rawValue) -->" }

    /// The text between each pair of this section's markers in `document`, in order (each
    /// without the newlines that follow the opening and precede the closing marker).
    public func embedded(in document: String) -> [String] {
        var found: [String] = []
        var rest = document[...]
        while let open = rest.range(of: begin) {
            guard let close = rest[open.upperBound...].range(of: end) else { break }
            var body = rest[open.upperBound..<close.lowerBound]
            if body.hasPrefix("\n") { body = body.dropFirst() }
            if body.hasSuffix("\n") { body = body.dropLast() }
            found.append(String(body))
            rest = rest[close.upperBound...]
        }
        return found
    }

    /// `document` with every pair of this section's markers enclosing `content` (which ends
    /// without a newline), or `nil` when the document has no such section.
    public func replacing(in document: String, with content: String) -> String? {
        var result = ""
        var rest = document[...]
        var replaced = false
        while let open = rest.range(of: begin), let close = rest[open.upperBound...].range(of: end) {
            result += rest[..<open.upperBound] + "\n" + content + "\n" + end
            rest = rest[close.upperBound...]
            replaced = true
        }
        return replaced ? result + rest : nil
    }

    /// The names of the sections whose markers appear in `document`, known or not (a marker
    /// naming no section is a mistake the tests report).
    public static func markedNames(in document: String) -> [String] {
        var names: [String] = []
        for line in document.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard trimmed.hasPrefix("<!-- generated:begin ") else { continue }
            let name = trimmed.dropFirst("<!-- generated:begin ".count).prefix { $0 != " " }
            if !names.contains(String(name)) { names.append(String(name)) }
        }
        return names
    }
}
