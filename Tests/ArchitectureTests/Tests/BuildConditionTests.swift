import Foundation
@testable import StrataLayering
import Testing

/// `#if` conditions and platform conditions: a dependency declared for some platforms must be
/// imported behind a matching guard, and a branch the policy's `conditions` make false is dead.
@Suite("Conditions: platform-only dependencies, #if branches the policy declares dead, regex literals")
struct BuildConditionTests {
    /// Fixture `name` checked against Strata's policy with `conditions` declared.
    private func violations(_ name: String, conditions: [String: Bool]) throws -> [Violation] {
        var policy = try LayerPolicy.strata()
        policy.conditions = conditions
        let root = Fixture.folder.appendingPathComponent(name, isDirectory: true)
        let checker = LayeringChecker(package: try Fixture.package(name), policy: policy, root: root, manifestPath: "package.json")
        return try checker.check()
    }

    private func value(_ condition: String, _ facts: [String: Bool]) -> Bool? {
        BuildCondition.parse(SwiftTokenizer.tokens(of: condition)).evaluate(ConditionFacts(values: facts))
    }

    @Test("an import of a dependency declared only on Linux needs #if os(Linux), canImport or a flag the target defines there")
    func platformOnlyDependencyNeedsAGuard() throws {
        let found = try Fixture.violations("platform-conditions").filter { $0.rule == .directDependency }
        #expect(found.map(\.location) == [
            "direct-dependency Modules/CrossCutting/Flagged.swift:11",
            "direct-dependency Modules/CrossCutting/Flagged.swift:15",
            "direct-dependency Modules/CrossCutting/Guarded.swift:13",
            "direct-dependency Modules/CrossCutting/Guarded.swift:18",
            "direct-dependency Modules/CrossCutting/Log.swift:2",
        ])
        let log = try #require(found.last)
        #expect(log.message.contains("declares only on some platforms (`.when(platforms: [.linux])`)"))
        #expect(log.message.contains("also compiled on macOS"))
        #expect(log.fix.contains("`#if canImport(Logging)` or `#if os(Linux)`"))
        let target = try #require(try Fixture.package("platform-conditions").targets.first)
        #expect(target.dependencyPlatforms[.product(name: "Logging", package: "swift-log")] == ["linux"])
        #expect(target.definesOnPlatforms == ["USE_LOGGING": ["linux"]])
    }

    @Test("a platform the policy declares false needs no guard; the finding names the platforms left")
    func undeclaredPlatformsNeedNoGuard() throws {
        let others = ["macOS", "iOS", "tvOS", "watchOS", "visionOS", "Android", "WASI", "OpenBSD", "FreeBSD"]
        var facts = Dictionary(uniqueKeysWithValues: others.map { ("os(\($0))", false) })
        let windows = try violations("platform-conditions", conditions: facts).filter { $0.rule == .directDependency }
        #expect(windows.map(\.location) == [
            "direct-dependency Modules/CrossCutting/Flagged.swift:11",
            "direct-dependency Modules/CrossCutting/Flagged.swift:15",
            "direct-dependency Modules/CrossCutting/Guarded.swift:13", "direct-dependency Modules/CrossCutting/Guarded.swift:18",
            "direct-dependency Modules/CrossCutting/Log.swift:2",
        ])
        #expect(windows.first?.message.hasSuffix("but the import is also compiled on Windows.") == true)
        facts["os(Windows)"] = false
        #expect(try violations("platform-conditions", conditions: facts).filter { $0.rule == .directDependency }.isEmpty)
    }

    @Test("without declared conditions every #if branch counts; declared ones and the target's defines make branches dead")
    func declaredConditionsMakeBranchesDead() throws {
        #expect(try Fixture.package("dead-branches").targets.first?.definesEverywhere == ["STRATA_FIXTURE"])
        let layerRank: (Violation) -> Bool = { $0.rule == .layerRank }
        #expect(try Fixture.violations("dead-branches").filter(layerRank).map(\.line) == [3, 5, 10])
        let newCompiler = ["os(Windows)": false, "compiler(>=6.1)": true, "swift(>=6.0)": true]
        #expect(try violations("dead-branches", conditions: newCompiler).filter(layerRank).map(\.line) == [5])
        #expect(try violations("dead-branches", conditions: newCompiler.merging(["DEBUG": false]) { $1 })
            .filter(layerRank).isEmpty)
        #expect(try violations("dead-branches", conditions: ["arch(x86_64)": false, "arch(arm64)": false])
            .filter(layerRank).map(\.line) == [3, 10])
    }

    @Test("an import guarded by canImport of itself is a platform's module: no finding unless a package builds it")
    func selfGuardedImportsNeedNoDeclaration() throws {
        let found = try Fixture.violations("self-guarded-imports").filter { $0.rule == .directDependency }
        #expect(found.map(\.line) == [21, 25, 29, 32])
        #expect(found.map(\.subject) == ["CoreHelpers", "UnknownKit", "Shims", "Bridge"])
        let guarded = BuildCondition.parse(SwiftTokenizer.tokens(of: "canImport(os) && canImport(C.os.lock)"))
        #expect(guarded.requiresImportable("C") && guarded.requiresImportable("os"))
        #expect(!guarded.requiresImportable("lock"))
        #expect(BuildCondition.parse(SwiftTokenizer.tokens(of: "canImport(A) || canImport(A.B)")).requiresImportable("A"))
    }

    @Test("conditions evaluate !, &&, ||, parentheses, os, canImport, arch, flags and version bounds")
    func conditionsEvaluate() {
        let facts = ["os(Windows)": false, "DEBUG": true, "canImport(Darwin)": false, "arch(arm64)": true, "swift(>=6.0)": true]
        #expect(value("os(Windows)", facts) == false)
        #expect(value("!os(Windows) && DEBUG", facts) == true)
        #expect(value("canImport(Darwin) || os(Windows)", facts) == false)
        #expect(value("canImport(Darwin) || os(Linux)", facts) == nil)
        #expect(value("!(DEBUG && arch( arm64 ))", facts) == false)
        #expect(value("swift(>=5.9)", facts) == true)
        #expect(value("swift(<5.10)", facts) == false)
        #expect(value("swift(>=6.1)", facts) == nil)
        #expect(value("compiler(>=6.0)", facts) == nil)
        #expect(value("compiler(>=6.0)", ["compiler(<6.2)": false]) == true)
        #expect(value("compiler(>=6.3)", ["compiler(>=6.2)": false]) == false)
        #expect(value("true && false", [:]) == false)
        #expect(value("hasFeature(Embedded)", [:]) == nil)
        #expect(value("hasFeature(Embedded)", ["hasFeature(Embedded)": false]) == false)
    }

    @Test("the policy's conditions key: atoms as keys, booleans as values, one clear line otherwise")
    func conditionsKey() throws {
        func policy(_ conditions: String) throws -> LayerPolicy {
            try LayerPolicy(json: Data(#"{"layers": [], "conditions": \#(conditions)}"#.utf8), source: "layers.json")
        }
        #expect(try policy(#"{"os( Windows )": false, "DEBUG": true, "swift(>=6.0)": true}"#).conditions
            == ["os(Windows)": false, "DEBUG": true, "swift(>=6.0)": true])
        #expect(throws: LayeringError.self) { try policy(#"{"DEBUG": "yes"}"#) }
        do {
            _ = try policy(#"{"DEBUG && os(Linux)": true}"#)
            Issue.record("a compound key was accepted")
        } catch let error as LayeringError {
            #expect(error.description.hasPrefix(
                "layers.json: conditions.DEBUG && os(Linux): expected a key that is one #if condition"
            ))
        }
        #expect(throws: LayeringError.self) { try policy(#"["DEBUG"]"#) }
    }

    @Test("a regex literal is not an import; division, operator declarations and strings stay right")
    func regexLiteralsAreNotImports() {
        let source = #"""
            let a = /import Regex/
            f(/import InCall/, [/import InArray/])
            /import AtLineStart/
            let b = #/import Extended/#
            let c = x / y / z
            static func /(lhs: V, rhs: V) -> V { V(lhs.value / rhs.value) }
            let d = "\(a / b) import InString /"
            let e = """
                import MultiLine / \(c)
                """
            import Real
            """#
        let found = ImportScanner.imports(in: source)
        #expect(found.map(\.module) == ["Real"])
        #expect(found.first?.line == 11)
        let tokens = SwiftTokenizer.tokens(of: "static func /(lhs: V, rhs: V) -> V { V(lhs.value / rhs.value) }")
        #expect(tokens.filter { $0.isPunctuation("{") || $0.isPunctuation("}") }.count == 2)
        #expect(tokens.filter { $0.isPunctuation("/") }.count == 2)
    }
}
