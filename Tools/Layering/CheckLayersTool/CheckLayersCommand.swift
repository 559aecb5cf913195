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
            Reads the package as SwiftPM sees it (swift package dump-package, in a scratch folder of its own) \
            and each package it depends on as SwiftPM resolved them (a product provides its targets' modules), \
            the policy in layers.json at the package root (layers with ranks, sibling groups, isolated sides, \
            value protocols, composition roots, exceptions), and every Swift file SwiftPM compiles (default \
            layouts, plugins and linked folders included; resources, .docc catalogs, excluded and hidden files \
            not): each import (every #if branch, unless the policy's "conditions" make it dead; a dependency \
            declared only .when(platforms:) needs a matching #if os(…) or #if canImport(…)), each call of a live \
            factory (a public static func or var of a public …Factory \
            type outside test support, found in the code), the public surface of abstraction-only modules.

            Each violation is printed once with its rule, file:line and the fix; each rule's why is printed once, \
            under its first violation.

            Formats (--format): text (for people); json (one document with "schemaVersion", described by \
            Docs/Schemas/strata-check-layers-report.schema.json); github (GitHub Actions ::error annotations); \
            sarif (a SARIF 2.1.0 log for code scanning: every rule with its why and help, one result per \
            violation at its file relative to PACKAGE_ROOT, fingerprinted by its baseline key; baselined \
            violations appear suppressed); diagnostics (the compiler's file:line:1: error: [rule] message, with \
            note: lines for the fix and each rule's why, paths absolute, so IDEs show them on the line; the \
            build plugin's format).

            Baseline: --write-baseline records today's violations in layers-baseline.json; later runs report \
            only new ones. An entry is keyed on rule, file, target and subject (never the line or the message, \
            so moved code and unrelated manifest edits keep it matching). Entries no violation matches any \
            more are stale: each is printed as a warning; with --strict-baseline they fail the run (exit 1), \
            so CI keeps the baseline shrinking.

            Cache: the report of the last run is kept in .build/strata-check-layers/cache.json (--cache-path \
            FILE to move it, --no-cache to check from scratch). It is used only when the checker, the policy, \
            every manifest (Package.swift, Package@swift-*.swift, Package.resolved, or the --package-json file) \
            and every folder listing and Swift file (size, time, inode) under the package root are unchanged; \
            then swift package dump-package is not run and an unchanged package re-checks in milliseconds. \
            --graph never uses it.

            On every build: the LayeringBuildCheck build-tool plugin runs this tool before a target that lists \
            it compiles, and fails the build on a violation (it passes --stamp FILE, a hidden option: the file \
            is written when the run exits 0 and removed otherwise). From a test suite: LayeringCheck.run(packageAt:) in \
            the StrataLayering library. Both, the formats, the baseline and the cache: Docs/LayeringInBuildsAndCI.md.

            Exit status: 0 no violations (or only baselined ones); 1 violations; 64 a usage error (an \
            unknown or repeated option, an unknown --format or --explain rule); 65 the package, the policy, \
            the baseline or a source file could not be read. (Through the plugin, SwiftPM exits 1 on any of \
            them and names the tool's status: "Plugin ended with exit code 65".)

            Limits: the policy at most 4 MiB, the baseline 32 MiB, a --package-json file 64 MiB, each Swift \
            file 8 MiB and UTF-8; each input must be a regular file (or a link to one). Anything else is \
            refused in one line naming the file, what was found and what was expected.

            Examples:
              strata-check-layers --init      (no layers.json yet: a starter policy from the package)
              swift package check-layers
              swift package check-layers --format github
              strata-check-layers --format sarif > layering.sarif
              swift package check-layers --explain layer-rank
              swift package check-layers --graph mermaid
              swift package --allow-writing-to-package-directory write-layers-baseline
            Learn the rule in ten minutes: Docs/LearnLayering.md; every layers.json key: Docs/LayersJSON.md.
            """,
        // The package's version, as StrataConstants.version says it (the checker links no Strata module;
        // ExecutableCompletionTests checks the two agree).
        version: LayeringCheck.version
    )

    @Option(name: .customLong("package-path"), help: "The package root (default: the current directory).", completion: .directory)
    var packagePath: String = "."

    @Option(help: "The policy file, relative to the package root (default: layers.json).", completion: .file(extensions: ["json"]))
    var policy: String?

    @Option(
        name: .customLong("package-json"),
        help: "Read the package description from this dump-package JSON file (relative to the package root) instead of running swift package dump-package.",
        completion: .file(extensions: ["json"])
    )
    var packageJSON: String?

    @Option(
        name: .customLong("dependencies-json"),
        help: ArgumentHelp(
            "With --package-json: a folder of dump-package JSON files of the dependency packages, one per package, named <package identity>.json (swift-nio.json), so products map to their modules.",
            valueName: "folder"),
        completion: .directory
    )
    var dependenciesJSON: String?

    @Option(help: "How to print violations: text, json, github (GitHub Actions annotations), sarif (SARIF 2.1.0) or diagnostics (file:line:1: error: …).")
    var format: FormatOption = .text

    @Option(
        help: ArgumentHelp("Print a rule's full explanation with examples, then exit.", valueName: "rule"),
        completion: .list(Rule.allCases.map(\.rawValue)))
    var explain: String?

    @Option(help: "Print the package's layer graph (mermaid or dot), violations in red, then exit.")
    var graph: GraphFormat?

    @Flag(name: .customLong("graph-all"), help: "With --graph: also draw test support, benchmarks and tools.")
    var graphAll = false

    @Option(
        help: "The baseline file, relative to the package root (default: layers-baseline.json, when it exists).",
        completion: .file(extensions: ["json"]))
    var baseline: String?

    @Flag(name: .customLong("no-baseline"), help: "Report every violation, baselined or not.")
    var noBaseline = false

    @Flag(name: .customLong("write-baseline"), help: "Record today's violations in the baseline file, then exit 0.")
    var writeBaseline = false

    @Flag(name: .customLong("init"), help: "Write a starter layers.json (or --policy FILE) from the package's targets, then exit 0.")
    var initPolicy = false

    @Flag(help: "With --init: replace an existing policy file.")
    var force = false

    @Flag(name: .customLong("strict-baseline"), help: "Fail (exit 1) when the baseline has stale entries (violations since fixed).")
    var strictBaseline = false

    @Flag(name: .customLong("no-cache"), help: "Check from scratch: neither read nor write the cache.")
    var noCache = false

    @Option(
        name: .customLong("cache-path"),
        help: "The cache file, relative to the package root (default: .build/strata-check-layers/cache.json).",
        completion: .file(extensions: ["json"]))
    var cachePath: String?

    /// The `LayeringBuildCheck` build-tool plugin's output: written (a Swift file of one comment)
    /// when the run exits 0, removed otherwise, so the build checks again next time.
    @Option(help: .hidden)
    var stamp: String?

    /// Which command plugin ran the tool (they pass the user's arguments through unread).
    @Option(help: .hidden)
    var plugin: PluginVerb?

    /// The options that take a value, for finding one given twice (``repeatedOption(in:)``).
    static let optionsWithValues: Set<String> = [
        "--package-path", "--policy", "--package-json", "--dependencies-json", "--format", "--explain", "--graph", "--baseline", "--plugin",
        "--cache-path", "--stamp",
    ]

    /// The first option given more than once in `arguments` (`--format`), or `nil`. The tool
    /// refuses it rather than let the last one silently win.
    static func repeatedOption(in arguments: [String]) -> String? {
        var seen: Set<String> = []
        var index = 0
        while index < arguments.count, arguments[index] != "--" {
            let argument = arguments[index]
            index += 1
            guard argument.hasPrefix("--") else { continue }
            let name = String(argument.prefix { $0 != "=" })
            guard seen.insert(name).inserted else { return name }
            if optionsWithValues.contains(name), !argument.contains("=") { index += 1 }
        }
        return nil
    }

    mutating func validate() throws {
        switch plugin {
        case .checkLayers? where writeBaseline:
            throw ValidationError(
                "check-layers only reads the package; write the baseline with "
                    + "`swift package --allow-writing-to-package-directory write-layers-baseline`"
            )
        case .writeLayersBaseline?: writeBaseline = true
        default: break
        }
        try validateInit()
        if writeBaseline && noBaseline { throw ValidationError("--write-baseline and --no-baseline contradict each other") }
        if noCache && cachePath != nil { throw ValidationError("--no-cache and --cache-path contradict each other") }
        if dependenciesJSON != nil && packageJSON == nil {
            throw ValidationError("--dependencies-json goes with --package-json (without it, SwiftPM's resolution is read)")
        }
        if strictBaseline && (noBaseline || writeBaseline) {
            throw ValidationError("--strict-baseline checks against the baseline; it cannot go with --no-baseline or --write-baseline")
        }
        if graph != nil && writeBaseline { throw ValidationError("--graph and --write-baseline are separate runs; give one") }
    }

    func run() throws {
        throw ExitCode(try execute())
    }

    /// Writes the `--stamp` file after status 0, removes it after any other (the build plugin's output).
    func finish(_ status: Int32) -> Int32 {
        guard let stamp else { return status }
        let url = URL(fileURLWithPath: stamp, relativeTo: root).standardizedFileURL
        if status == 0 {
            let text = "// strata-check-layers: no layering violations (written by the LayeringBuildCheck plugin).\n"
            guard (try? text.write(to: url, atomically: true, encoding: .utf8)) != nil else {
                FileHandle.standardError.write(Data("strata-check-layers: \(url.path): cannot write the build plugin's output\n".utf8))
                return 65
            }
        } else {
            try? FileManager.default.removeItem(at: url)
        }
        return status
    }
}

/// The command plugins that run the tool, as `--plugin` names them.
enum PluginVerb: String, ExpressibleByArgument, CaseIterable {
    /// `swift package check-layers`: reads only, so `--write-baseline` is refused.
    case checkLayers = "check-layers"
    /// `swift package write-layers-baseline`: means `--write-baseline`.
    case writeLayersBaseline = "write-layers-baseline"
}

/// The graph formats `--graph` accepts.
enum GraphFormat: String, ExpressibleByArgument, CaseIterable {
    case mermaid, dot
}

/// The formats `--format` accepts (``OutputFormat``'s cases).
enum FormatOption: String, ExpressibleByArgument, CaseIterable {
    case text, json, github, sarif, diagnostics

    /// The library's format of the same name.
    var outputFormat: OutputFormat {
        switch self {
        case .text: .text
        case .json: .json
        case .github: .github
        case .sarif: .sarif
        case .diagnostics: .diagnostics
        }
    }
}
