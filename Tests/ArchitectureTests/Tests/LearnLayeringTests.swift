import Foundation
@testable import StrataLayering
import StrataTestSupport
import Testing

/// Docs/LearnLayering.md cannot rot: each step's file is added to a copy of the repository's
/// sources, the checker runs on it, and what it prints must be the step's output block.
@Suite("Docs/LearnLayering.md: every step's expected output is what the checker prints")
struct LearnLayeringTests {
    /// One step of the exercise, as the page writes it.
    struct Lesson: Sendable, CustomTestStringConvertible {
        let number: Int
        let path: String
        let source: String
        let output: String
        var testDescription: String { "step \(number): \(path)" }
    }

    /// The page's text.
    static func page() throws -> String {
        try String(contentsOf: LayerPolicy.repositoryRoot.appendingPathComponent("Docs/LearnLayering.md"), encoding: .utf8)
    }

    /// The first fenced block after `marker` in `text`, without its fences.
    static func block(after marker: String, in text: String) -> String? {
        guard let start = text.range(of: marker) else { return nil }
        let rest = text[start.upperBound...]
        guard let open = rest.range(of: "```"), let lineEnd = rest[open.upperBound...].firstIndex(of: "\n"),
              let close = rest[lineEnd...].range(of: "\n```") else { return nil }
        return String(rest[rest.index(after: lineEnd)..<close.lowerBound])
    }

    /// Every step on the page, in order.
    static func lessons() throws -> [Lesson] {
        let text = try page()
        return (1...5).compactMap { number in
            let fileMarker = "<!-- lesson \(number) file: "
            guard let start = text.range(of: fileMarker),
                  let end = text[start.upperBound...].range(of: " -->"),
                  let source = block(after: fileMarker, in: text),
                  let output = block(after: "<!-- lesson \(number) output -->", in: text) else { return nil }
            return Lesson(
                number: number, path: String(text[start.upperBound..<end.lowerBound]), source: source + "\n", output: output
            )
        }
    }

    @Test("the page has five steps, each with a file and an output block")
    func fiveSteps() throws {
        let lessons = try Self.lessons()
        #expect(lessons.map(\.number) == [1, 2, 3, 4, 5])
        let rules = lessons.compactMap { $0.output.firstMatch(of: /\[([a-z-]+)\]/).map { String($0.1) } }
        #expect(rules == ["layer-rank", "direct-dependency", "sibling-hosts", "public-surface", "composition-root"])
    }

    @Test("each step's edit, checked on a copy of the repository, prints exactly the step's output", arguments: try lessons())
    func stepOutputIsCurrent(_ lesson: Lesson) async throws {
        let (realRoot, package) = try await RealRepository.shared.value.get()
        let fileManager = FileManager.default
        let copy = TemporaryRoot.directory("learn-layering-\(lesson.number)")
        let file = copy.appendingPathComponent(lesson.path)
        // Copying and scanning the whole repository take seconds of blocking work: off the
        // cooperative pool, which every other suite of the run shares.
        let (added, violations) = try await offThePool { () throws -> (Bool, [Violation]) in
            let fileManager = FileManager.default
            try fileManager.createDirectory(at: copy, withIntermediateDirectories: true)
            for item in ["Package.swift", "Modules", "Hosts"] {
                try fileManager.copyItem(at: realRoot.appendingPathComponent(item), to: copy.appendingPathComponent(item))
            }
            let added = !fileManager.fileExists(atPath: file.path)
            try lesson.source.write(to: file, atomically: true, encoding: .utf8)
            return (added, try LayeringChecker(package: package, policy: try LayerPolicy.strata(), root: copy).check())
        }
        #expect(added, "the step must add a new file")
        #expect(
            violations.map(\.description).joined(separator: "\n\n") == lesson.output,
            "Docs/LearnLayering.md step \(lesson.number) is stale: update its output block to what the checker prints"
        )
        try? fileManager.removeItem(at: copy)
    }
}
