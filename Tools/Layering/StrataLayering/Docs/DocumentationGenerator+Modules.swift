import Foundation

/// The module table, the factory table and the README's layout.
extension DocumentationGenerator {
    /// One row per target (test targets in one last row), bottom layer first, in manifest order
    /// within a layer; `side` keeps only the targets of that side.
    func moduleTable(side: String?) -> String {
        var lines = [
            "| target | folder | layer | depends on (direct) | what it is |",
            "|---|---|---|---|---|",
        ]
        let placed = placedTargets().filter { side == nil || $0.placement.side == side }
        for (target, placement) in placed {
            let layer = [
                placement.layer.rank.map { "\(placement.layer.name), \($0)" } ?? placement.layer.name,
                placement.group == placement.layer.name ? nil : "group \(placement.group)",
                placement.role == .production ? nil : (placement.role == .testSupport ? "test support" : placement.role.rawValue),
            ].compactMap(\.self).joined(separator: "; ")
            let cells = [
                "`\(target.name)`", "`\(target.path)`", layer, dependencyList(of: target), Self.cell(about(target)),
            ]
            lines.append("| " + cells.joined(separator: " | ") + " |")
        }
        if side == nil {
            let tests = package.targets.filter { $0.kind == .test }
            if !tests.isEmpty {
                let names = tests.map { "`\($0.name)`" }.joined(separator: ", ")
                lines.append("| \(names) | `Tests/*` | tests | what each declares | the test targets |")
            }
        }
        return lines.joined(separator: "\n")
    }

    /// The non-test targets the policy places, bottom layer first (layers outside the ranks
    /// last), in manifest order within a layer.
    func placedTargets() -> [(target: PackageModel.Target, placement: Placement)] {
        var result: [(target: PackageModel.Target, placement: Placement)] = []
        for (layer, _) in policy.layers {
            for target in package.targets where target.kind != .test {
                if let placement = policy.placement(of: target), placement.layer == layer { result.append((target, placement)) }
            }
        }
        return result
    }

    /// `StrataData, StrataWire, Logging (swift-log)`: the target's direct dependencies as
    /// declared, a product with its package.
    func dependencyList(of target: PackageModel.Target) -> String {
        let names = target.dependencies.map { dependency -> String in
            if case .product(let name, let package?) = dependency { return "\(name) (\(package))" }
            return dependency.name
        }
        return names.isEmpty ? "—" : names.joined(separator: ", ")
    }

    /// What a target is, from the code: a library's DocC abstract; an executable's or
    /// plugin's files; a system library's module map.
    func about(_ target: PackageModel.Target) -> String {
        switch target.kind {
        case .regular:
            return catalogAbstract(of: target) ?? ""
        case .system:
            return systemLibraryAbout(target)
        default:
            if let abstract = catalogAbstract(of: target) ?? headerComment(of: target) { return abstract }
            let files = SourceFiles.swiftFiles(of: target, root: root).map { ($0 as NSString).lastPathComponent }
            let shown = files.count > 4 ? files.prefix(4).map { "`\($0)`" } + ["…"] : files.map { "`\($0)`" }
            let kind = target.kind == .plugin ? "a command plugin" : "an executable"
            return "\(kind): \(shown.joined(separator: ", "))"
        }
    }

    /// The first sentence of the comment that opens with the target's name in one of its
    /// files (`// strata-bench-boot: how long the container takes … . Target: …` gives "how
    /// long the container takes …"), or `nil` when no file has one.
    func headerComment(of target: PackageModel.Target) -> String? {
        for path in SourceFiles.swiftFiles(of: target, root: root) {
            guard let text = try? read(path) else { continue }
            var comment: [String] = []
            for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                if comment.isEmpty {
                    guard trimmed.hasPrefix("// \(target.name)"), let colon = trimmed.range(of: ": ") else { continue }
                    comment.append(String(trimmed[colon.upperBound...]))
                } else if trimmed.hasPrefix("//") && !trimmed.hasPrefix("///") {
                    comment.append(trimmed.dropFirst(2).trimmingCharacters(in: .whitespaces))
                } else {
                    break
                }
            }
            guard !comment.isEmpty else { continue }
            let joined = comment.joined(separator: " ")
            if let end = joined.range(of: ". ") { return String(joined[..<end.lowerBound]) }
            return joined.hasSuffix(".") ? String(joined.dropLast()) : joined
        }
        return nil
    }

    /// `a module map over shim.h, linking sqlite3` from the target's `module.modulemap`.
    func systemLibraryAbout(_ target: PackageModel.Target) -> String {
        let url = root.appendingPathComponent(target.path).appendingPathComponent("module.modulemap")
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { return "a system library" }
        let quoted = { (keyword: String) -> [String] in
            text.split(separator: "\n").compactMap { line in
                let words = line.trimmingCharacters(in: .whitespaces).split(separator: "\"")
                return words.count >= 2 && words[0].trimmingCharacters(in: .whitespaces) == keyword ? String(words[1]) : nil
            }
        }
        let headers = quoted("header").map { "`\($0)`" }.joined(separator: ", ")
        let links = quoted("link").map { "`lib\($0)`" }.joined(separator: ", ")
        return "a module map over \(headers)" + (links.isEmpty ? "" : ", linking the system's \(links)")
    }

    /// The abstract of the target's DocC catalog: the first paragraph under the title of
    /// `<folder>/Documentation.docc/<Module>.md`, or `nil` when it has none.
    func catalogAbstract(of target: PackageModel.Target) -> String? {
        guard let text = try? String(contentsOf: catalogRoot(of: target), encoding: .utf8) else { return nil }
        return Self.abstract(ofArticle: text)
    }

    /// Where the target's DocC root article is.
    func catalogRoot(of target: PackageModel.Target) -> URL {
        root.appendingPathComponent(target.path).appendingPathComponent("Documentation.docc")
            .appendingPathComponent("\(target.moduleName).md")
    }

    /// The first paragraph after the `# ` title of a DocC article (directives skipped), its
    /// lines joined.
    static func abstract(ofArticle text: String) -> String? {
        var paragraph: [String] = []
        var seenTitle = false
        var inDirective = 0
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if !seenTitle {
                seenTitle = line.hasPrefix("# ")
                continue
            }
            if line.hasPrefix("@") && line.hasSuffix("{") { inDirective += 1; continue }
            if inDirective > 0 {
                if line == "}" { inDirective -= 1 }
                continue
            }
            if line.isEmpty {
                if paragraph.isEmpty { continue }
                break
            }
            if line.hasPrefix("#") { break }
            paragraph.append(line)
        }
        return paragraph.isEmpty ? nil : paragraph.joined(separator: " ")
    }

    /// `text` safe inside a Markdown table cell (a `|` escaped).
    static func cell(_ text: String) -> String {
        text.replacingOccurrences(of: "|", with: "\\|")
    }

    /// One row per live member of every factory the `composition-root` rule finds, then its
    /// test doubles.
    func factoryTable() throws -> String {
        let factories = try LayeringChecker(package: package, policy: policy, root: root).liveFactories()
        var lines = [
            "| call | declared in | returns | who calls it |",
            "|---|---|---|---|",
        ]
        for factory in factories {
            for member in factory.members {
                let returns = member.returns.map { "`\($0)`" } ?? "—"
                lines.append("| `\(factory.type).\(member.call)` | `\(member.module)` | \(returns) | composition roots (live) |")
            }
            for double in factory.doubles {
                let returns = double.returns.map { "`\($0)`" } ?? "—"
                lines.append("| `\(factory.type).\(double.call)` | `\(double.module)` | \(returns) | tests (a double) |")
            }
        }
        return lines.joined(separator: "\n")
    }

    /// The README's layout: each folder holding targets (a `Modules/<group>/*` family in one
    /// row) with its targets (what each is: the module table), then the test targets, then
    /// what `Docs/`, `deploy/` and `scripts/` hold.
    func layoutTable() -> String {
        var lines = ["| folder | what it holds |", "|---|---|"]
        var families: [(folder: String, targets: [PackageModel.Target])] = []
        for target in package.targets where target.kind != .test || target.path.hasPrefix("Tests/TestSupport") {
            let folder = Self.family(of: target.path)
            if let index = families.firstIndex(where: { $0.folder == folder }) {
                families[index].targets.append(target)
            } else {
                families.append((folder, [target]))
            }
        }
        for family in families.sorted(by: { $0.folder < $1.folder }) {
            let names = family.targets.map { "`\($0.name)`" }.joined(separator: ", ")
            lines.append("| `\(family.folder)` | \(names) |")
        }
        let tests = package.targets.filter { $0.kind == .test && !$0.path.hasPrefix("Tests/TestSupport") }
        if !tests.isEmpty {
            lines.append("| `Tests/*` | \(tests.count) test targets: \(tests.map { "`\($0.name)`" }.joined(separator: ", ")) |")
        }
        for folder in ["Docs", "deploy", "scripts"] {
            let names = ((try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(folder).path)) ?? [])
                .filter { !$0.hasPrefix(".") }.sorted()
            guard !names.isEmpty else { continue }
            lines.append("| `\(folder)/` | \(names.map { "`\($0)`" }.joined(separator: ", ")) |")
        }
        return lines.joined(separator: "\n")
    }

    /// The folder a target's row goes in: `Modules/Data`; `Modules/MicroApps/*` for a family
    /// of sibling folders; `Hosts/*`, `Benchmarks/*`.
    static func family(of path: String) -> String {
        let parts = path.split(separator: "/").map(String.init)
        switch parts.first {
        case "Hosts", "Benchmarks": return "\(parts[0])/*"
        case "Modules" where parts.count > 2: return "Modules/\(parts[1])/*"
        case "Tools" where parts.count > 2: return "Tools/\(parts[1])"
        default: return parts.prefix(2).joined(separator: "/")
        }
    }
}
