import ArgumentParser
import Foundation
import StrataLayering

/// `strata-check-layers`: the layering checker on any SwiftPM package. The `CheckLayers`
/// command plugin runs it as `swift package check-layers`.
struct CheckLayersCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "strata-check-layers",
        abstract: "Check a SwiftPM package against the layering rule in its layers.json.",
        discussion: """
            Reads the package as SwiftPM sees it (swift package dump-package, in a scratch folder of its own), \
            the policy in layers.json at the package root (layers with ranks, sibling groups, isolated sides, \
            value protocols, live factories, exceptions), and every Swift file of every target: each import \
            (every #if branch), each live-factory call, the public surface of abstraction-only modules.

            Each violation is printed once with its rule, file:line, why, and the fix.

            Exit status: 0 no violations (or only baselined ones); 1 violations; 64 a usage error; \
            65 the package, the policy or the baseline could not be read. (Through the plugin, SwiftPM \
            exits 1 on any of them and names the tool's status: "Plugin ended with exit code 65".)

            Examples:
              swift package check-layers
              swift package check-layers --format github
              swift package check-layers --explain layer-rank
              swift package check-layers --graph mermaid
              swift package --allow-writing-to-package-directory write-layers-baseline
            Learn the rule in ten minutes: Docs/LearnLayering.md.
            """
    )

    @Option(name: .customLong("package-path"), help: "The package root (default: the current directory).")
    var packagePath: String = "."

    @Option(help: "The policy file, relative to the package root (default: layers.json).")
    var policy: String?

    @Option(
        name: .customLong("package-json"),
        help: "Read the package description from this dump-package JSON file (relative to the package root) instead of running swift package dump-package."
    )
    var packageJSON: String?

    @Option(help: "How to print violations: text, json or github (GitHub Actions annotations).")
    var format: FormatOption = .text

    @Option(help: ArgumentHelp("Print a rule's full explanation with examples, then exit.", valueName: "rule"))
    var explain: String?

    @Option(help: "Print the package's layer graph (mermaid or dot), violations in red, then exit.")
    var graph: GraphFormat?

    @Flag(name: .customLong("graph-all"), help: "With --graph: also draw test support, benchmarks and tools.")
    var graphAll = false

    @Option(help: "The baseline file, relative to the package root (default: layers-baseline.json, when it exists).")
    var baseline: String?

    @Flag(name: .customLong("no-baseline"), help: "Report every violation, baselined or not.")
    var noBaseline = false

    @Flag(name: .customLong("write-baseline"), help: "Record today's violations in the baseline file, then exit 0.")
    var writeBaseline = false

    func validate() throws {
        if writeBaseline && noBaseline { throw ValidationError("--write-baseline and --no-baseline contradict each other") }
        if graph != nil && writeBaseline { throw ValidationError("--graph and --write-baseline are separate runs; give one") }
    }

    func run() throws {
        throw ExitCode(try execute())
    }
}

/// The graph formats `--graph` accepts.
enum GraphFormat: String, ExpressibleByArgument, CaseIterable {
    case mermaid, dot
}

/// The formats `--format` accepts (``OutputFormat``'s cases).
enum FormatOption: String, ExpressibleByArgument, CaseIterable {
    case text, json, github

    /// The library's format of the same name.
    var outputFormat: OutputFormat {
        switch self {
        case .text: .text
        case .json: .json
        case .github: .github
        }
    }
}
