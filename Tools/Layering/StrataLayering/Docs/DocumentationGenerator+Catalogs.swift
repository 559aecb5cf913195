import Foundation

/// The libraries' DocC catalogs: each library target has one, its root article names the
/// module, and every symbol it links is a public declaration of that module (DocC itself only
/// warns about a broken link when someone builds the documentation; this check runs in the tests).
extension DocumentationGenerator {
    /// What is wrong with the libraries' catalogs, one readable line each (none when all is well):
    /// a library target without `Documentation.docc/<Module>.md`, a root article whose title is
    /// not ``` # ``Module`` ```, an article without an abstract, and a ` ``Symbol`` ` link that
    /// names no public declaration of the module.
    ///
    /// - Throws: ``LayeringError`` when a source file cannot be read.
    public func catalogProblems() throws -> [String] {
        var problems: [String] = []
        for target in package.targets where target.kind == .regular {
            let article = catalogRoot(of: target)
            let path = "\(target.path)/Documentation.docc/\(target.moduleName).md"
            guard let text = try? String(contentsOf: article, encoding: .utf8) else {
                problems.append("\(path): missing; expected the DocC root article of library \(target.name)")
                continue
            }
            let title = text.split(separator: "\n").first.map(String.init) ?? ""
            if title != "# ``\(target.moduleName)``" {
                problems.append("\(path):1: the title is '\(title)'; expected # ``\(target.moduleName)``")
            }
            if Self.abstract(ofArticle: text) == nil {
                problems.append("\(path): no abstract; expected a one-paragraph summary under the title")
            }
            let symbols = try publicSymbols(of: target)
            for (line, link) in Self.symbolLinks(in: text) {
                let first = String(link.split(separator: "/").first ?? "").split(separator: "(").first.map(String.init) ?? link
                let top = String(first.split(separator: ".").first ?? "")
                if top == target.moduleName { continue }
                if !symbols.contains(top) {
                    problems.append(
                        "\(path):\(line): ``\(link)`` names no public declaration of \(target.moduleName); "
                            + "expected one of its public types, protocols or functions")
                }
            }
        }
        return problems
    }

    /// The names of the public declarations of `target` (types, protocols, functions,
    /// variables, type aliases, and extended types of other modules that gain public members).
    func publicSymbols(of target: PackageModel.Target) throws -> Set<String> {
        var names: Set<String> = []
        for path in SourceFiles.swiftFiles(of: target, root: root) {
            let tokens = SwiftTokenizer.tokens(of: try read(path))
            for declaration in DeclarationScanner.declarations(in: tokens) where declaration.isPublic {
                if let outer = declaration.enclosingTypes?.first { names.insert(String(outer.split(separator: ".").first ?? "")) }
                if declaration.enclosingTypes?.isEmpty == true {
                    names.insert(String(declaration.name.split(separator: ".").first ?? ""))
                }
            }
        }
        return names
    }

    /// Every ` ``Link`` ` in a DocC article except its title, with its 1-based line.
    static func symbolLinks(in text: String) -> [(line: Int, link: String)] {
        var links: [(line: Int, link: String)] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() where index > 0 {
            let parts = line.components(separatedBy: "``")
            for position in stride(from: 1, to: parts.count - 1, by: 2) where !parts[position].isEmpty {
                links.append((index + 1, parts[position]))
            }
        }
        return links
    }
}

/// Names the documents put in code voice that the code no longer has.
extension DocumentationGenerator {
    /// Every `` `TypeName` `` or `` `TypeName.member` `` (an upper-case Swift-style name in code
    /// voice) in README.md, Architecture.md and Docs/*.md that no Swift file of the package,
    /// `Package.swift` or `layers.json` spells, and that no `swift` block of the documents
    /// declares (a walkthrough's `NotesApp`), except those `allowed` (names outside Swift: a
    /// systemd key, a seed's API). A name with an underscore (an SQL index name) is not a type.
    /// Each is `document:line: Name`.
    ///
    /// - Throws: ``LayeringError`` when a document or source file cannot be read.
    public func unknownCodeNames(allowed: Set<String>) throws -> [String] {
        var words: Set<String> = []
        func collect(_ text: String) {
            var word = ""
            for scalar in text.unicodeScalars {
                if scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_" {
                    word.unicodeScalars.append(scalar)
                } else if !word.isEmpty {
                    words.insert(word)
                    word = ""
                }
            }
            if !word.isEmpty { words.insert(word) }
        }
        for target in package.targets {
            for path in SourceFiles.swiftFiles(of: target, root: root) { collect(try read(path)) }
        }
        for file in ["Package.swift", "layers.json"] { collect((try? read(file)) ?? "") }
        let documents = documents().filter { !$0.hasPrefix("Docs/LayeringExamples") }
        var texts: [(String, String)] = []
        for document in documents {
            let text = try read(document)
            texts.append((document, text))
            var inSwift = false
            for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
                if line.hasPrefix("```") { inSwift = line.hasPrefix("```swift") && !inSwift ? true : false; continue }
                if inSwift { collect(String(line)) }
            }
        }
        var unknown: [String] = []
        for (document, text) in texts {
            for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let parts = line.split(separator: "`", omittingEmptySubsequences: false)
                for position in stride(from: 1, to: parts.count - 1, by: 2) {
                    let code = parts[position]
                    guard let first = code.unicodeScalars.first, ("A"..."Z").contains(first) else { continue }
                    let name = String(code.prefix { $0.isLetter || $0.isNumber || $0 == "_" })
                    let rest = code.dropFirst(name.count)
                    guard name.count > 2, rest.isEmpty || rest.hasPrefix("."), name.contains(where: \.isLowercase), !name.contains("_"),
                          !words.contains(name), !allowed.contains(name)
                    else { continue }
                    unknown.append("\(document):\(index + 1): \(name)")
                }
            }
        }
        return unknown
    }
}
