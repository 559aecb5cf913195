import Foundation
import StrataTestSupport
import Testing

/// The README's three-step tour, run as written: its shell blocks, in order, with the built
/// executables, a temporary folder for `/tmp/strata-tour` and a free port for the server.
@Suite("The README's tour works as written", .childProcessSlot)
struct ReadmeTourTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The tour's `sh` blocks: the fenced blocks between its heading and the next `## ` heading.
    static func tourScript(_ readme: String) throws -> [String] {
        let start = try #require(readme.range(of: "## A three-step tour"), "the README has no tour")
        let rest = readme[start.upperBound...]
        let section = rest[..<(rest.range(of: "\n## ")?.lowerBound ?? rest.endIndex)]
        var lines: [String] = []
        var inBlock = false
        for line in section.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") {
                inBlock = line == "```sh" ? true : false
                continue
            }
            if inBlock { lines.append(String(line)) }
        }
        return lines
    }

    @Test("add a report, see it in strata-status, sync it to carol: every command of the tour succeeds and carol lists the report")
    func tourRuns() async throws {
        let readme = try String(contentsOf: Self.repository.appendingPathComponent("README.md"), encoding: .utf8)
        let tour = try Self.tourScript(readme)
        #expect(tour.contains("swift build") && tour.contains { $0.contains("serve --port 8080") }, "\(tour)")
        let folder = temporaryHome().appendingPathComponent("tour")
        var script = ["set -euo pipefail", "cd '\(Self.repository.path)'"]
        for line in tour {
            if line == "swift build" { continue }  // the tests run on the build they were made with
            var line = line.replacingOccurrences(of: "/tmp/strata-tour", with: folder.path)
            line = line.replacingOccurrences(of: "B=.build/debug", with: "B='\(StrataProcess.productsDirectory.path)'")
            if line.contains("serve --port 8080") {
                // A free port instead of 8080, and the server stopped at the end; wait until it listens.
                script += [
                    line.replacingOccurrences(of: "--port 8080", with: "--port 0")
                        .replacingOccurrences(of: " &", with: " > '\(folder.path)/serve.out' 2>&1 &"),
                    "server=$!", "trap 'kill $server' EXIT",
                    "for i in $(seq 1200); do grep -q 'listening on http' '\(folder.path)/serve.out' && break; sleep 0.05; done",
                    "port=$(sed -n 's|^strata-server: listening on http://127.0.0.1:||p' '\(folder.path)/serve.out')",
                ]
                continue
            }
            script.append(line.replacingOccurrences(of: "127.0.0.1:8080", with: "127.0.0.1:$port"))
        }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("tour.sh")
        try Data((script.joined(separator: "\n") + "\n").utf8).write(to: file)
        let outcome = try await SystemTool.run(
            "/bin/bash", [file.path],
            environment: ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "HOME": folder.path, "TZ": "UTC", "LANG": "C.UTF-8"])
        #expect(outcome.status == 0, "\(outcome)")
        let output = outcome.stdout
        #expect(output.contains("due today             1"), "step 2: \(output)")
        #expect(output.contains(#"{"class":"due","text":"1 due · 0 overdue""#), "step 2: \(output)")
        #expect(output.contains("Signed in as carol"), "step 3: \(output)")
        let carol = try #require(output.range(of: "Signed in as carol"))
        #expect(output[carol.upperBound...].contains("Hanako Sato"), "step 3: carol lists alice's report: \(output)")
    }
}
