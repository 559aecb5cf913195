// strata-docs: rewrites the generated sections of README.md, Architecture.md and Docs/*.md
// from the code (scripts/update-docs). StrataArchitectureTests fails while one is stale.
import Foundation
import StrataLayering

/// `strata-docs`: rewrites the generated sections of the package's Markdown documents
/// (`<!-- generated:begin NAME … -->` … `<!-- generated:end NAME -->`) from the code, or with
/// `--check` only says which are stale (exit 1). Run it from the package root, as
/// `scripts/update-docs` does; `--package-path DIR` names another root.
///
/// Exit status: 0 done (or, with `--check`, every section current), 1 a section stale
/// (`--check`), 64 a usage error, 65 a package, policy or document that cannot be read.
@main
enum Main {
    static func main() {
        let program = "strata-docs"
        var arguments = Array(CommandLine.arguments.dropFirst())
        var check = false
        var root = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        while let argument = arguments.first {
            arguments.removeFirst()
            switch argument {
            case "--check": check = true
            case "--package-path" where !arguments.isEmpty: root = URL(fileURLWithPath: arguments.removeFirst())
            case "--help", "-h":
                print("usage: \(program) [--check] [--package-path DIR]\n"
                    + "Rewrites the generated sections (\(GeneratedSection.allCases.map(\.rawValue).joined(separator: ", "))) "
                    + "of README.md, Architecture.md and Docs/*.md from the code; --check only reports stale ones (exit 1).")
                exit(0)
            default:
                fail("\(program): unknown argument '\(argument)'; expected --check or --package-path DIR (see --help)", 64)
            }
        }
        do {
            let package = try PackageModel.dump(packageAt: root)
            let policy = try LayerPolicy.load(from: root.appendingPathComponent("layers.json"))
            let generator = DocumentationGenerator(package: package, policy: policy, root: root)
            if check {
                var stale = false
                for section in GeneratedSection.allCases {
                    for (document, difference) in try generator.staleDocuments(of: section) {
                        stale = true
                        print("\(document): section \(section.rawValue) is stale (\(difference)); run \(GeneratedSection.command)")
                    }
                }
                exit(stale ? 1 : 0)
            }
            let changed = try generator.rewrite()
            print(changed.isEmpty ? "every generated section is current" : "updated \(changed.joined(separator: ", "))")
        } catch {
            fail("\(program): \(error)", 65)
        }
    }

    /// Writes `line` to standard error and exits with `status`.
    static func fail(_ line: String, _ status: Int32) -> Never {
        FileHandle.standardError.write(Data((line + "\n").utf8))
        exit(status)
    }
}
