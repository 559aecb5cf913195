import Foundation
@testable import StrataLayering
import StrataTestSupport
import Testing

/// Docs/Walkthroughs.md ("Add a field to CaseReport") cannot rot: its steps are applied to a
/// copy of the repository, the files they touch are counted (at most three: the declaration,
/// its rule, its test), and the copy's `StrataDomain` is compiled with the new field, with the
/// flags `swift build --build-tests` used, and the domain tests with the new one type-checked
/// against it. (That every declared field reaches the help, the JSON, the text and the URL
/// parameters is checked on the real tree by `DeclaredFieldsTests` in `StrataHostKitTests`, and
/// that the add form asks each by `DeclaredFormTests` in `StrataMicroAppsTests`.)
@Suite("Docs/Walkthroughs.md: a new CaseReport field is its declaration, its rule and its test")
struct FieldWalkthroughTests {
    /// One step of the page: a new file, or lines inserted after an anchor line of a file.
    struct Step: Sendable {
        let number: Int
        let path: String
        /// The text of the line the block goes after (trimmed), or `nil` for a new file.
        let anchor: String?
        let text: String
    }

    /// The folders of the repository the copy holds (all the steps touch, and all the compiler reads).
    static let copied = ["Modules", "Tests/DomainTests"]

    /// Every step on the page, in order.
    static func steps() throws -> [Step] {
        let page = try String(
            contentsOf: LayerPolicy.repositoryRoot.appendingPathComponent("Docs/Walkthroughs.md"), encoding: .utf8)
        return page.matches(of: /<!-- step (\d+) (file|edit): (\S+)(?: after: (.+?))? -->\n```swift\n((?:.*\n)*?)```/).map {
            Step(number: Int($0.1) ?? 0, path: String($0.3), anchor: $0.4.map(String.init), text: String($0.5))
        }
    }

    /// Applies `steps` to the copy at `root`.
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

    /// Every file under the copied folders of `root`, relative path → contents.
    static func snapshot(_ root: URL) -> [String: Data] {
        var files: [String: Data] = [:]
        for item in copied {
            let top = root.appendingPathComponent(item)
            for path in FileManager.default.enumerator(atPath: top.path)?.allObjects as? [String] ?? [] {
                guard let data = FileManager.default.contents(atPath: top.appendingPathComponent(path).path) else { continue }
                files["\(item)/\(path)"] = data
            }
        }
        return files
    }

    @Test("the page has four steps: the property, its line in the table, its rule, its test")
    func fourSteps() throws {
        let steps = try Self.steps()
        #expect(steps.map(\.number) == [1, 2, 3, 4])
        #expect(steps.map(\.path) == [
            "Modules/Domain/Model/CaseReport.swift", "Modules/Domain/Model/CaseReport.swift",
            "Modules/Domain/Model/CaseReport+Rules.swift", "Tests/DomainTests/CaseReportWardTests.swift",
        ])
    }

    @Test("applied to a copy, the steps touch three files, and the copy's domain and its tests compile with the new field")
    func stepsAddTheField() async throws {
        let steps = try Self.steps()
        let root = LayerPolicy.repositoryRoot
        let copy = TemporaryRoot.directory("field-walkthrough")
        defer { try? FileManager.default.removeItem(at: copy) }
        // Copying and comparing the sources take seconds of blocking work: off the pool.
        let touched = try await offThePool { () throws -> [String] in
            let fileManager = FileManager.default
            for item in Self.copied {
                let target = copy.appendingPathComponent(item)
                try fileManager.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
                try fileManager.copyItem(at: root.appendingPathComponent(item), to: target)
            }
            let before = Self.snapshot(copy)
            try Self.apply(steps, to: copy)
            let after = Self.snapshot(copy)
            return after.keys.filter { before[$0] != after[$0] }.sorted()
        }
        #expect(touched == [
            "Modules/Domain/Model/CaseReport+Rules.swift", "Modules/Domain/Model/CaseReport.swift",
            "Tests/DomainTests/CaseReportWardTests.swift",
        ])
        #expect(touched.count <= 3, "adding a field to CaseReport must touch at most three files: \(touched)")
        let declaration = try String(contentsOf: copy.appendingPathComponent("Modules/Domain/Model/CaseReport.swift"), encoding: .utf8)
        #expect(declaration.contains("public var ward: String") && declaration.contains(".field(\n            \"ward\""))

        // The compiler: the copy's domain with the field (its schema, its table), then the
        // domain tests with the new test, against it and the other built modules.
        let modules = TemporaryRoot.directory("field-walkthrough-modules")
        try FileManager.default.createDirectory(at: modules, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: modules) }
        let compiler = try BuiltModules()
        try await Self.compile(compiler, like: "StrataDomain", sources: copy, folder: "Modules/Domain", modules: modules, emitModule: true)
        try await Self.compile(compiler, like: "StrataDomainTests", sources: copy, folder: "Tests/DomainTests", modules: modules)
    }

    /// Type-checks (or, with `emitModule`, compiles into `modules`) the Swift files under
    /// `folder` of `sources` as module `target`, with the flags SwiftPM used for it and
    /// `modules` searched before the built modules (the copy's `StrataDomain` replaces the
    /// built one).
    ///
    /// - Throws: the compiler's diagnostics when it fails.
    static func compile(
        _ compiler: BuiltModules, like target: String, sources: URL, folder: String, modules: URL, emitModule: Bool = false
    ) async throws {
        let top = sources.appendingPathComponent(folder)
        let files = (FileManager.default.enumerator(atPath: top.path)?.allObjects as? [String] ?? [])
            .filter { $0.hasSuffix(".swift") }.sorted().map { top.appendingPathComponent($0).path }
        let built = try compiler.arguments(of: target)
        var arguments = [built[0], "-I", modules.path] + built.dropFirst() + ["-module-name", target]
        arguments += emitModule
            ? ["-emit-module", "-emit-module-path", modules.appendingPathComponent("\(target).swiftmodule").path]
            : ["-typecheck"]
        let process = Process()
        process.executableURL = URL(fileURLWithPath: arguments[0])
        process.arguments = Array(arguments.dropFirst()) + files
        process.standardInput = FileHandle.nullDevice
        let outcome = await (try StrataProcess.start(process)).finish(within: .seconds(600))
        guard outcome.status == 0 else {
            throw LayeringError("compiling \(target) (\(folder)) failed: \(outcome.stderr.suffix(4000))")
        }
    }
}
