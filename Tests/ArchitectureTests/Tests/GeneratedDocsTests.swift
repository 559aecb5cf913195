import Foundation
@testable import StrataLayering
import StrataTestSupport
import Testing

/// The documents' generated sections (the module table, the live factories, the micro-apps and
/// their routes, strata-server's routes, the README's layout) are the code's as it is today, and
/// every library's DocC catalog links only symbols that exist.
@Suite("Generated documentation: each section is the code's today, and the DocC catalogs link only real symbols")
struct GeneratedDocsTests {
    /// The generator over the real package.
    static func generator() async throws -> DocumentationGenerator {
        let (root, package) = try await RealRepository.shared.value.get()
        return DocumentationGenerator(package: package, policy: try LayerPolicy.strata(), root: root)
    }

    @Test("a generated section in README.md, Architecture.md and Docs/*.md is what the code gives today", arguments: GeneratedSection.allCases)
    func sectionIsCurrent(_ section: GeneratedSection) async throws {
        let generator = try await Self.generator()
        // The sources are read: off the cooperative pool, which the other suites share.
        let (holders, stale) = try await offThePool { (try generator.documents(holding: section), try generator.staleDocuments(of: section)) }
        #expect(!holders.isEmpty, "no document holds the generated section '\(section.rawValue)'; put \(section.begin) … \(section.end) where it belongs")
        for (document, difference) in stale {
            Issue.record("\(document): the generated section '\(section.rawValue)' is stale (\(difference)); run \(GeneratedSection.command)")
        }
    }

    @Test("every generated marker in the documents names a known section")
    func markersNameKnownSections() async throws {
        let generator = try await Self.generator()
        for document in generator.documents() {
            for name in GeneratedSection.markedNames(in: try generator.read(document)) where GeneratedSection(rawValue: name) == nil {
                Issue.record("\(document): '<!-- generated:begin \(name)' names no section; expected one of \(GeneratedSection.allCases.map(\.rawValue))")
            }
        }
    }

    @Test("rewriting replaces only the text between a section's markers, every copy of it, and is idempotent")
    func rewritingIsLocal() throws {
        let section = GeneratedSection.factories
        let document = "intro\n\(section.begin)\nold\n\(section.end)\nmiddle\n\(section.begin)\n\(section.end)\nend\n"
        let once = try #require(section.replacing(in: document, with: "| new |"))
        #expect(once == "intro\n\(section.begin)\n| new |\n\(section.end)\nmiddle\n\(section.begin)\n| new |\n\(section.end)\nend\n")
        #expect(section.replacing(in: once, with: "| new |") == once)
        #expect(section.embedded(in: once) == ["| new |", "| new |"])
        #expect(GeneratedSection.modules.replacing(in: once, with: "x") == nil, "a document without the section is left alone")
    }

    @Test("the same package gives the same text twice (the generator is deterministic)")
    func generatorIsDeterministic() async throws {
        let generator = try await Self.generator()
        let (first, second) = try await offThePool {
            (try GeneratedSection.allCases.map { try generator.text(of: $0) }, try GeneratedSection.allCases.map { try generator.text(of: $0) })
        }
        #expect(first == second)
    }

    @Test("the micro-app table lists every micro-app of the policy with the routes its sources check")
    func microAppsComeFromTheCode() async throws {
        let generator = try await Self.generator()
        let table = try await offThePool { try generator.text(of: .microApps) }
        let microApps = generator.placedTargets().filter { $0.placement.layer.name == "micro-apps" }.map(\.target.name)
        #expect(microApps.count >= 7)
        #expect(table.split(separator: "\n").count == microApps.count + 2)
        for name in microApps { #expect(table.contains("`\(name)`")) }
        #expect(table.contains("`strata://follows/due` (days, from, to, format)"))
    }

    @Test("a route's accepted keys are read from a literal or from a static let of the same file")
    func routeKeysAreRead() {
        let source = """
            static let dueKeys = ["days", "from", "to", "format"]
            try LaunchParameters.check(params, route: "strata://follows/due", accepted: Self.dueKeys)
            let route = parts.isEmpty ? "strata://follows" : "strata://follows/list"
            try LaunchParameters.check(params, route: route, accepted: ["report"])
            try LaunchParameters.check(options, route: "strata://account", accepted: [])
            try LaunchParameters.check(options, route: "strata://x", accepted: Model.keys + ["format"])
            """
        #expect(DocumentationGenerator.checkedRoutes(in: source) == [
            "`strata://follows/due` (days, from, to, format)", "`strata://follows` (report)", "`strata://follows/list` (report)",
            "`strata://account` (no keys)", "`strata://x` (as `Model.keys + [\"format\"]` gives)",
        ])
    }

    @Test("a declared route's path, aliases and parameter names are read from its RouteDeclaration")
    func declaredRoutesAreRead() {
        let source = """
            RouteDeclaration(
                "list", family: "follows", aliases: ["list"], command: "list", abstract: "List (them) all.",
                parameters: [
                    RouteParameter("report", .identifier(reportID), help: "Only this (one) report's.", valueName: "id")
                ]),
            RouteDeclaration("done", family: "follows", path: "<id>/done", command: "done", abstract: "Done."),
            RouteDeclaration("add", family: "reports", path: "new", command: "add", abstract: "Add.", parameters: fields())
            """
        #expect(DocumentationGenerator.declaredRoutes(in: source) == [
            "`strata://follows` (report, format)", "`strata://follows/list` (report, format)",
            "`strata://follows/<id>/done` (format)", "`strata://reports/new` (as `fields()` gives, and format)",
        ])
    }

    @Test("every library has a DocC catalog titled with its module, with an abstract, linking only its public symbols")
    func catalogsAreValid() async throws {
        let generator = try await Self.generator()
        let problems = try await offThePool { try generator.catalogProblems() }
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }
}

/// A type the documents name in code voice is one the code has: a renamed or removed type
/// leaves no stale name behind.
@Suite("The documents name only types the code has")
struct DocumentNamesTests {
    /// Names in code voice that are not Swift: a seed's API, a systemd key.
    static let allowed: Set<String> = ["APScopeAll", "TimeoutStopSec"]

    @Test("every TypeName in code voice in README.md, Architecture.md and Docs/*.md is spelled somewhere in the package")
    func namesExist() async throws {
        let generator = try await GeneratedDocsTests.generator()
        let unknown = try await offThePool { try generator.unknownCodeNames(allowed: Self.allowed) }
        #expect(unknown.isEmpty, "names the code does not have (renamed or removed?):\n\(unknown.joined(separator: "\n"))")
    }
}

/// Micro-app tests drive each micro-app through its one public entry, as a host does: no
/// `@testable import` (which would let a test reach what the micro-app keeps internal).
@Suite("Micro-app tests use only the micro-apps' public API")
struct MicroAppTestImportsTests {
    @Test("no file of Tests/MicroAppsTests imports a module with @testable")
    func noTestableImport() async throws {
        let (root, _) = try await RealRepository.shared.value.get()
        let folder = root.appendingPathComponent("Tests/MicroAppsTests")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }.sorted()
        #expect(!names.isEmpty)
        for name in names {
            let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            where line.trimmingCharacters(in: .whitespaces).hasPrefix("@testable import") {
                Issue.record("Tests/MicroAppsTests/\(name):\(index + 1): \(line) — use the micro-app's public entry instead")
            }
        }
    }
}
