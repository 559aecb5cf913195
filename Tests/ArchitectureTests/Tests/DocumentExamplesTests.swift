import Foundation
@testable import StrataLayering
import StrataTestSupport
import Testing

/// The README stays a five-minute read that points to Docs/, its links lead somewhere, and no
/// example in the README or Docs/ carries a fixed date that goes stale.
@Suite("The README and Docs/: a short README with working links, examples without fixed dates")
struct DocumentExamplesTests {
    /// What marks a line of an example that keeps a fixed date on purpose.
    static let exception = "fixed date"

    /// The `YYYY-MM-DD` dates in the examples (fenced code blocks) of `document`, with their
    /// line numbers: Swift blocks (code run against a fixed test clock) and lines saying
    /// ``exception`` are left out.
    static func exampleDates(in document: String) -> [(line: Int, date: String)] {
        var found: [(line: Int, date: String)] = []
        var fence: String?
        for (index, line) in document.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("```") {
                fence = fence == nil ? String(trimmed.dropFirst(3)) : nil
                continue
            }
            guard let language = fence, language != "swift", !line.contains(exception) else { continue }
            for date in LiteralDates.find(in: String(line)) { found.append((index + 1, date)) }
        }
        return found
    }

    @Test("no example in README.md or Docs/*.md carries a literal YYYY-MM-DD date")
    func examplesCarryNoDate() async throws {
        let generator = try await GeneratedDocsTests.generator()
        let documents = generator.documents().filter { $0 == "README.md" || $0.hasPrefix("Docs/") }
        #expect(documents.contains("README.md") && documents.count > 5)
        for document in documents {
            for (line, date) in Self.exampleDates(in: try generator.read(document)) {
                Issue.record(
                    "\(document):\(line): the example shows the fixed date \(date); write \"$(date -I -d '+7 days')\" or <today>, or mark the line '\(Self.exception)'")
            }
        }
    }

    @Test("the date check finds a date in a shell example and skips Swift code and marked lines")
    func dateCheckFindsDates() {
        let document = """
            ```sh
            strata-host follows add --report r --date 2026-12-01
            strata-host follows due --from "$(date -I)"
            strata-host store backup ~/strata-2026-11-24.sqlite   # a fixed date on purpose
            ```
            Prose may name 2026-02-30.
            ```swift
            let clock = FixedClock("2026-11-22")
            ```
            ```console
            "createdAt" : "2026-11-22T00:17:23Z"
            ```
            """
        #expect(Self.exampleDates(in: document).map(\.date) == ["2026-12-01", "2026-11-22"])
    }

    @Test("the README is a five-minute read: what Strata is, the two commands, a three-step tour, links to Docs/")
    func readmeIsShort() async throws {
        let (root, _) = try await RealRepository.shared.value.get()
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let words = readme.split(whereSeparator: \.isWhitespace).count
        #expect(words <= 1_000, "the README has \(words) words; at about 200 a minute it takes more than five minutes")
        // The CI runs the README's test command (.ci/run: scripts/test); the quick start keeps both commands.
        let ci = try String(contentsOf: root.appendingPathComponent(".ci/run"), encoding: .utf8)
        #expect(ci.contains("\nscripts/test\n"))
        for command in ["scripts/run-host", "scripts/test"] {
            #expect(readme.contains("\n\(command) "), "the quick start lost `\(command)`")
        }
        for step in ["**1. Add a report**", "**2. See it in the status bar", "**3. Sync it with a second user"] {
            #expect(readme.contains(step), "the tour lost its step \(step)")
        }
        for document in ["Docs/Guide.md", "Docs/CommandLine.md", "Docs/Testing.md"] {
            #expect(readme.contains("](\(document))"), "the README does not link \(document)")
        }
    }

    @Test("every relative link of README.md and Docs/*.md leads to a file, and an anchor to a heading of it")
    func linksLeadSomewhere() async throws {
        let generator = try await GeneratedDocsTests.generator()
        let root = generator.root
        for document in generator.documents() where document == "README.md" || document.hasPrefix("Docs/") {
            let text = try generator.read(document)
            let folder = URL(fileURLWithPath: document).deletingLastPathComponent().relativePath
            for match in text.matches(of: /\]\(([^)\s]+)\)/) {
                let target = String(match.output.1)
                guard !target.contains("://"), !target.hasPrefix("mailto:") else { continue }
                let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
                let path = parts[0].isEmpty ? document : (folder == "." ? parts[0] : "\(folder)/\(parts[0])")
                let file = root.appendingPathComponent(path).standardizedFileURL
                guard FileManager.default.fileExists(atPath: file.path) else {
                    Issue.record("\(document): the link \(target) leads to nothing (\(path))")
                    continue
                }
                guard parts.count == 2, file.pathExtension == "md" else { continue }
                let headings = try String(contentsOf: file, encoding: .utf8).split(separator: "\n")
                    .filter { $0.hasPrefix("#") }.map { Self.anchor(of: String($0)) }
                #expect(headings.contains(parts[1]), "\(document): the link \(target) names no heading of \(path)")
            }
        }
    }

    /// GitHub's anchor of a Markdown heading: lowercased, punctuation dropped, spaces as `-`.
    static func anchor(of heading: String) -> String {
        let title = heading.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces).lowercased()
        return String(
            title.unicodeScalars.compactMap { scalar -> Character? in
                if scalar == " " { return "-" }
                if scalar == "-" || scalar == "_" || CharacterSet.alphanumerics.contains(scalar) { return Character(scalar) }
                return nil
            })
    }
}
