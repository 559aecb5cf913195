import Foundation
import StrataLayering

/// A walkthrough page (Docs/Walkthroughs*.md) as a test applies it to a copy of the repository:
/// its numbered steps, each a new file or lines inserted after one anchor line of a file.
enum Walkthrough {
    /// One step of a page.
    struct Step: Sendable, CustomStringConvertible {
        let number: Int
        let path: String
        /// The text of the line the block goes after (trimmed), or `nil` for a new file.
        let anchor: String?
        let text: String
        var description: String { "step \(number): \(path)" }
    }

    /// Every step on the page at `page` (relative to the repository), in order.
    static func steps(of page: String) throws -> [Step] {
        let text = try String(contentsOf: LayerPolicy.repositoryRoot.appendingPathComponent(page), encoding: .utf8)
        return text.matches(of: /<!-- step (\d+) (file|edit): (\S+)(?: after: (.+?))? -->\n```\w*\n((?:.*\n)*?)```/).map {
            Step(number: Int($0.1) ?? 0, path: String($0.3), anchor: $0.4.map(String.init), text: String($0.5))
        }
    }

    /// Applies `steps` to the copy at `root`; an anchor must name exactly one line of its file.
    static func apply(_ steps: [Step], to root: URL) throws {
        for step in steps {
            let file = root.appendingPathComponent(step.path)
            guard let anchor = step.anchor else {
                try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
                try step.text.write(to: file, atomically: true, encoding: .utf8)
                continue
            }
            var lines = try String(contentsOf: file, encoding: .utf8).components(separatedBy: "\n")
            let found = lines.indices.filter { lines[$0].trimmingCharacters(in: .whitespaces) == anchor }
            guard found.count == 1, let index = found.first else {
                throw LayeringError("step \(step.number): \(step.path) has \(found.count) lines reading \(anchor), not one")
            }
            lines.insert(contentsOf: step.text.components(separatedBy: "\n").dropLast(), at: index + 1)
            try lines.joined(separator: "\n").write(to: file, atomically: true, encoding: .utf8)
        }
    }

    /// Every file under `items` (folders or files) of `root`, relative path → contents.
    static func snapshot(_ root: URL, items: [String]) -> [String: Data] {
        var files: [String: Data] = [:]
        for item in items {
            let top = root.appendingPathComponent(item)
            let paths = FileManager.default.enumerator(atPath: top.path).map { ($0.allObjects as? [String]) ?? [] } ?? [""]
            for path in paths.isEmpty ? [""] : paths {
                let url = path.isEmpty ? top : top.appendingPathComponent(path)
                guard let data = FileManager.default.contents(atPath: url.path) else { continue }
                files[path.isEmpty ? item : "\(item)/\(path)"] = data
            }
        }
        return files
    }

    /// Copies `items` of the repository to `copy`, applies `steps` there, and returns the
    /// relative paths of the files the steps created or changed, sorted. Blocking file work.
    static func touchedFiles(copying items: [String], to copy: URL, applying steps: [Step]) throws -> [String] {
        let root = LayerPolicy.repositoryRoot
        for item in items {
            let target = copy.appendingPathComponent(item)
            try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: root.appendingPathComponent(item), to: target)
        }
        let before = snapshot(copy, items: items)
        try apply(steps, to: copy)
        let after = snapshot(copy, items: items)
        return after.keys.filter { before[$0] != after[$0] }.sorted()
    }
}
