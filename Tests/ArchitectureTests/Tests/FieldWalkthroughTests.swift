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
    /// The folders of the repository the copy holds (all the steps touch, and all the compiler reads).
    static let copied = ["Modules", "Tests/DomainTests"]

    /// Every step on the page, in order.
    static func steps() throws -> [Walkthrough.Step] { try Walkthrough.steps(of: "Docs/Walkthroughs.md") }

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
        let copy = TemporaryRoot.directory("field-walkthrough")
        defer { try? FileManager.default.removeItem(at: copy) }
        // Copying and comparing the sources take seconds of blocking work: off the pool.
        let touched = try await offThePool { () throws -> [String] in
            try Walkthrough.touchedFiles(copying: Self.copied, to: copy, applying: steps)
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
