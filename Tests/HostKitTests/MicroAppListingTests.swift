import Foundation
import StrataContainer
import StrataHostKit
import Testing

/// Every micro-app the host registers (`HostRegistry.microApps`, the one list) is named where a
/// person looks for it: `strata-host --help`, the man page (made from the help dump) and the
/// docs' micro-app tables. A micro-app registered but missing from one of them fails here.
@Suite("--help, the man page and the docs name every registered micro-app")
struct MicroAppListingTests {
    /// The repository root.
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The registered micro-apps' names.
    static var registered: [String] { HostRegistry.microApps.map { $0.name } }

    @Test("strata-host --help names every registered micro-app")
    func helpNamesEveryMicroApp() async throws {
        let outcome = try await HostHarness().run("--help")
        #expect(outcome.status == 0, "\(outcome)")
        let help = outcome.stdout.replacingOccurrences(of: "\n", with: " ")
        #expect(Self.registered.count >= 7)
        for name in Self.registered {
            #expect(help.contains(name), "strata-host --help does not name the micro-app \(name):\n\(help)")
        }
    }

    @Test("the help dump the man page is generated from names every registered micro-app")
    func manPageSourceNamesEveryMicroApp() async throws {
        let outcome = try await HostHarness().run("--experimental-dump-help")
        #expect(outcome.status == 0, "\(outcome)")
        let dump = try #require(try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any])
        let command = try #require(dump["command"] as? [String: Any])
        let text = [command["abstract"], command["discussion"]].compactMap { $0 as? String }.joined(separator: "\n")
            .replacingOccurrences(of: "\n", with: " ")
        for name in Self.registered {
            #expect(text.contains(name), "the man page (strata-host's help dump) does not name the micro-app \(name):\n\(text)")
        }
    }

    @Test("the micro-app tables of Docs/Container.md and Docs/CommandLine.md have a row for every registered micro-app, and no other")
    func docsNameEveryMicroApp() throws {
        for document in ["Docs/Container.md", "Docs/CommandLine.md"] {
            let text = try String(contentsOf: Self.repository.appendingPathComponent(document), encoding: .utf8)
            let begin = try #require(text.range(of: "<!-- generated:begin micro-apps"), "\(document) has no micro-app table")
            let end = try #require(text.range(of: "<!-- generated:end micro-apps -->"), "\(document)'s micro-app table is not closed")
            let rows = text[begin.upperBound..<end.lowerBound].split(separator: "\n").filter { $0.hasPrefix("| `") }
            let named = Set(rows.compactMap { $0.split(separator: "`").dropFirst().first.map(String.init) })
            #expect(named == Set(Self.registered), "\(document): the table names \(named.sorted()), the host registers \(Self.registered.sorted())")
        }
    }
}
