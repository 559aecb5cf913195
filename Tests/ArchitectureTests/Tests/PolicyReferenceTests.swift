import Foundation
@testable import StrataLayering
import StrataTestSupport
import Testing

/// `Docs/LayersJSON.md` documents every key the policy parser accepts, and `--init`'s starter
/// policy places the package the way its dependency graph says.
@Suite("Policy reference and starter policy: every layers.json key documented, --init from the package")
struct PolicyReferenceTests {
    /// Every key LayerPolicy+JSON.swift accepts: the string literals of its `let keys = [ … ]`
    /// list and of every `object(allowing: [ … ])` call, read from the source so a key added
    /// tomorrow is covered without touching this test.
    static func acceptedKeys() throws -> Set<String> {
        let source = try String(
            contentsOf: LayerPolicy.repositoryRoot.appendingPathComponent("Tools/Layering/StrataLayering/Policy/LayerPolicy+JSON.swift"),
            encoding: .utf8
        )
        var keys: Set<String> = []
        for opener in ["let keys = [", "allowing: ["] {
            var rest = source[...]
            while let start = rest.range(of: opener) {
                let tail = rest[start.upperBound...]
                guard let end = tail.firstIndex(of: "]") else { break }
                for part in tail[..<end].split(separator: "\"", omittingEmptySubsequences: false).enumerated() where part.offset % 2 == 1 {
                    keys.insert(String(part.element))
                }
                rest = tail[end...]
            }
        }
        return keys
    }

    @Test("Docs/LayersJSON.md has a table row for every key the policy parser accepts")
    func everyKeyIsDocumented() throws {
        let keys = try Self.acceptedKeys()
        #expect(keys.isSuperset(of: ["layers", "mayBeAbsent", "eachItsOwnGroup", "minimumLanguageMode", "reason", "compositionRoot"]))
        let document = try String(
            contentsOf: LayerPolicy.repositoryRoot.appendingPathComponent("Docs/LayersJSON.md"), encoding: .utf8
        )
        for key in keys.sorted() {
            #expect(document.contains("| `\(key)` |"), "Docs/LayersJSON.md documents no key `\(key)` (a table row `| `\(key)` | type | default | … |`)")
        }
    }

    @Test("the starter policy ranks targets by their dependencies, marks test support and puts executables on top")
    func starterPolicyFromThePackage() throws {
        let package = try Fixture.package("unused-dependency")
        let starter = StarterPolicy(package: package)
        #expect(starter.entries.map(\.layer) == ["level 0", "level 1", "level 2", "level 3", "executables"])
        #expect(starter.entries[0].modules.map(\.target) == ["StrataCrossCutting", "CSQLite"])
        #expect(starter.entries[3].modules.map(\.target) == ["StrataHostKit"])
        #expect(starter.entries[4].modules.map(\.target) == ["strata-host"] && starter.entries[4].rank == 4)
        let testing = StarterPolicy(package: try Fixture.package("testable-import"))
        let support = testing.entries.flatMap(\.modules).filter(\.testSupport).map(\.target)
        #expect(support == ["StrataDataTesting"])
        // What it writes reads back as a policy that places every target of the package.
        let policy = try LayerPolicy(json: Data(starter.json.utf8), source: "layers.json")
        for target in package.targets {
            #expect(policy.placement(of: target) != nil, "\(target.name) is not placed")
        }
        #expect(starter.summary == "5 layers, 6 targets (0 test support, 1 executable)")
    }

    @Test("--init writes layers.json and names the next step; it refuses to replace one without --force (64)")
    func initWritesAStarterPolicy() async throws {
        let folder = try CheckLayersTool.copy(fixture: "unused-dependency")
        defer { try? FileManager.default.removeItem(at: folder) }
        let policy = folder.appendingPathComponent("layers.json")
        let arguments = ["--package-path", folder.path, "--package-json", "package.json", "--init"]
        let first = try await CheckLayersTool.run(arguments)
        #expect(first.status == 0, "\(first)")
        #expect(first.stdout.contains("Wrote layers.json: 5 layers, 6 targets") && first.stdout.contains("--write-baseline"))
        let written = try LayerPolicy.load(from: policy)
        #expect(written.placements.count == 6)
        let again = try await CheckLayersTool.run(arguments)
        #expect(again.status == 64 && again.stderrLines.count == 1, "\(again)")
        #expect(again.stderr.contains("already exists") && again.stderr.contains("--force"))
        try Data("{}".utf8).write(to: policy)
        let forced = try await CheckLayersTool.run(arguments + ["--force"])
        #expect(forced.status == 0, "\(forced)")
        #expect(try LayerPolicy.load(from: policy).placements.count == 6)
        // The starter policy is a start the checker runs on: no target is unplaced.
        let check = try await CheckLayersTool.run(["--package-path", folder.path, "--package-json", "package.json", "--format", "json"])
        #expect(!check.stdout.contains("unassigned-target"), "\(check.stdout)")
    }

    @Test("grouping by edge: one target's imports of one module are one group listing every place")
    func groupingByEdge() throws {
        let violations = try Fixture.violations("neutral-vocabulary")
        let groups = ViolationGroup.grouping(violations + violations.filter { $0.rule == .layerRank }.map {
            Violation(rule: $0.rule, path: "Sources/Core/Other.swift", line: 9, message: $0.message, why: $0.why, fix: $0.fix,
                      target: $0.target, subject: $0.subject)
        })
        let rank = try #require(groups.first { $0.rule == .layerRank })
        #expect(rank.locations == ["Sources/Core/Core.swift:1", "Sources/Core/Other.swift:9"])
        let edges = Set(violations.compactMap { violation in
            violation.subject.flatMap { subject in violation.target.map { "\(violation.rule)|\($0)|\(subject)" } }
        })
        #expect(groups.count == edges.count + violations.filter { $0.target == nil || $0.subject == nil }.count)
        #expect(groups.count < violations.count, "the fixture has edges found twice (manifest and import)")
    }
}

extension PolicyReferenceTests {
    @Test("text output prints one block per edge with every other place under Also at; json keeps each violation")
    func textGroupsByEdge() throws {
        let one = Violation(
            rule: .layerRank, path: "Sources/Core/A.swift", line: 3, message: "Core imports App.", why: "why", fix: "fix",
            target: "Core", subject: "App"
        )
        let two = Violation(rule: .layerRank, path: "Sources/Core/B.swift", line: 7, message: "Core imports App.", why: "why", fix: "fix",
                            target: "Core", subject: "App")
        let report = LayeringReport(violations: [one, two], targetCount: 2, fileCount: 2)
        let text = OutputFormat.text.render([one, two], of: report)
        #expect(text.hasPrefix("Sources/Core/A.swift:3: [layer-rank] Core imports App.\n  Also at: Sources/Core/B.swift:7\n  Why: why\n  Fix: fix\n\n"))
        #expect(text.components(separatedBy: "Fix: fix").count == 2)
        #expect(OutputFormat.json.render([one, two], of: report).components(separatedBy: "\"Sources/Core/").count == 3)
    }
}

extension PolicyReferenceTests {
    @Test("the starter policy ranks a target above one it imports without declaring it")
    func starterPolicyReadsImports() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("starter-imports-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        for (folder, text) in [("Sources/Base", "public struct Base {}\n"), ("Sources/Top", "#if DEBUG\nimport Base\n#endif\n")] {
            try FileManager.default.createDirectory(at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: root.appendingPathComponent(folder).appendingPathComponent("File.swift"))
        }
        let target = { (name: String) in
            PackageModel.Target(
                name: name, kind: .regular, path: "Sources/\(name)", sources: nil, exclude: [], dependencies: [],
                upcomingFeatures: [], languageMode: nil
            )
        }
        let package = PackageModel(name: "P", targets: [target("Top"), target("Base")])
        #expect(StarterPolicy(package: package).entries.map(\.layer) == ["level 0"])
        let starter = StarterPolicy(package: package, root: root)
        #expect(starter.entries.map { $0.modules.map(\.target) } == [["Base"], ["Top"]])
    }
}
