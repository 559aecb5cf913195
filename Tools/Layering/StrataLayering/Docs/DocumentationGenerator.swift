public import Foundation

/// Writes the ``GeneratedSection``s of a package's Markdown documents from the package itself:
/// its description (targets, folders, dependencies), its policy (layers), its sources (the live
/// factories, the micro-apps' routes), the OpenAPI document and each library's DocC catalog.
///
/// Everything it writes is sorted or kept in manifest order, so the same package always gives
/// the same text. Prose about a module lives once, in its catalog's abstract
/// (`<target folder>/Documentation.docc/<Module>.md`, the first paragraph under the title);
/// the tables quote it.
///
/// ```swift
/// let generator = DocumentationGenerator(package: package, policy: policy, root: root)
/// let changed = try generator.rewrite()              // what scripts/update-docs does
/// let stale = try generator.staleDocuments(of: .modules)   // what the tests check
/// ```
public struct DocumentationGenerator: Sendable {
    /// The package description.
    public let package: PackageModel
    /// The layers and their targets.
    public let policy: LayerPolicy
    /// The package root; target paths and documents are relative to it.
    public let root: URL

    /// A generator for `package` (sources and documents under `root`), placed by `policy`.
    public init(package: PackageModel, policy: LayerPolicy, root: URL) {
        self.package = package
        self.policy = policy
        self.root = root
    }

    /// The Markdown documents that may hold generated sections: `*.md` at the root and in
    /// `Docs/`, relative to the root, sorted.
    public func documents() -> [String] {
        var found: [String] = []
        for folder in ["", "Docs"] {
            let url = folder.isEmpty ? root : root.appendingPathComponent(folder)
            let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
            for name in names where name.hasSuffix(".md") {
                found.append(folder.isEmpty ? name : "\(folder)/\(name)")
            }
        }
        return found.sorted()
    }

    /// The text of `section` for this package, without a trailing newline.
    ///
    /// - Throws: ``LayeringError`` when a source file or the OpenAPI document cannot be read.
    public func text(of section: GeneratedSection) throws -> String {
        switch section {
        case .modules: moduleTable(side: nil)
        case .serverModules: moduleTable(side: "server")
        case .factories: try factoryTable()
        case .microApps: try microAppTable()
        case .serverRoutes: try serverRouteTable()
        case .layout: layoutTable()
        }
    }

    /// The documents holding `section` whose copy differs from ``text(of:)``, each with the
    /// first line that differs (expected and found), relative to the root.
    ///
    /// - Throws: ``LayeringError`` when the section cannot be generated or a document read.
    public func staleDocuments(of section: GeneratedSection) throws -> [(document: String, difference: String)] {
        let expected = try text(of: section)
        var stale: [(document: String, difference: String)] = []
        for document in documents() {
            let text = try read(document)
            for copy in section.embedded(in: text) where copy != expected {
                stale.append((document, Self.firstDifference(expected: expected, found: copy)))
            }
        }
        return stale
    }

    /// The documents that hold `section`, relative to the root.
    ///
    /// - Throws: ``LayeringError`` when a document cannot be read.
    public func documents(holding section: GeneratedSection) throws -> [String] {
        try documents().filter { !section.embedded(in: try read($0)).isEmpty }
    }

    /// Rewrites every generated section of every document; returns the documents it changed.
    ///
    /// - Throws: ``LayeringError`` when a section cannot be generated or a document read or written.
    public func rewrite() throws -> [String] {
        var texts: [GeneratedSection: String] = [:]
        var changed: [String] = []
        for document in documents() {
            let original = try read(document)
            var updated = original
            for section in GeneratedSection.allCases where !section.embedded(in: updated).isEmpty {
                let content = try texts[section] ?? text(of: section)
                texts[section] = content
                updated = section.replacing(in: updated, with: content) ?? updated
            }
            guard updated != original else { continue }
            do {
                try Data(updated.utf8).write(to: root.appendingPathComponent(document), options: .atomic)
            } catch {
                throw LayeringError("\(document): cannot be written (\(error.localizedDescription)); expected a writable file")
            }
            changed.append(document)
        }
        return changed
    }

    /// The document at `path` (relative to the root) as text.
    func read(_ path: String) throws -> String {
        let data = try InputFile.read(
            root.appendingPathComponent(path), named: path, limit: InputFile.sourceFileLimit,
            expected: "a Markdown document (UTF-8 text)", allowsEmpty: true)
        guard let text = String(data: data, encoding: .utf8) else {
            throw LayeringError("\(path): not UTF-8 text; expected a Markdown document")
        }
        return text
    }

    /// The first line where `found` differs from `expected`, for a failure message.
    static func firstDifference(expected: String, found: String) -> String {
        let want = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let have = found.split(separator: "\n", omittingEmptySubsequences: false)
        for index in 0..<max(want.count, have.count) {
            let wanted = index < want.count ? String(want[index]) : "(nothing)"
            let had = index < have.count ? String(have[index]) : "(nothing)"
            if wanted != had { return "line \(index + 1): expected \(wanted.prefix(160)) — found \(had.prefix(160))" }
        }
        return "no line differs"
    }
}
