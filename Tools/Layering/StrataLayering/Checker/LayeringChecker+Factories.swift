/// Finding the live factories in the code, so the `composition-root` rule cannot drift from it.
///
/// The rule, as ``LiveFactory`` states it: a *factory* is a public type (enum, struct, class or
/// actor) whose name ends in `Factory`, declared in a module that is neither test support nor a
/// test nor an executable; its *live members* are its public `static` (or `class`) funcs and
/// static vars declared in production modules (in the type's body or in an extension). A
/// `static let` is a constant, not a pick. The public static funcs that test-support modules
/// add to the same type are its test doubles, named in fix messages.
extension LayeringChecker {
    /// Every live factory of the package, found in its sources, in the order the package lists
    /// its targets.
    ///
    /// - Throws: ``LayeringError`` when a source file cannot be read.
    public func liveFactories() throws -> [LiveFactory] {
        liveFactories(in: try scannedSources())
    }

    /// Every live factory declared in `sources` (see ``liveFactories()``).
    func liveFactories(in sources: [(target: PackageModel.Target, files: [ScannedFile])]) -> [LiveFactory] {
        var types: [(name: String, module: String)] = []
        var found: [(member: LiveFactory.Member, type: String, isDouble: Bool, required: Int)] = []
        let scanned = sources.compactMap { source -> (target: PackageModel.Target, isDouble: Bool, files: [ScannedFile])? in
            guard source.target.kind != .test, source.target.kind != .executable,
                  let placement = policy.placement(of: source.target), placement.role != .test else { return nil }
            return (source.target, placement.isTestOnly, source.files)
        }
        // One pass over each file's declarations: the factory types, and every public static
        // member of some type (kept with its file, to be matched once every type is known).
        var candidates: [(declaration: Declaration, owner: String, module: String, isDouble: Bool, file: ScannedFile)] = []
        for (target, isDouble, files) in scanned {
            for file in files {
                for declaration in file.declarations where declaration.isPublic {
                    if !isDouble, ["enum", "struct", "class", "actor"].contains(declaration.introducer),
                       declaration.name.hasSuffix("Factory"), declaration.name != "Factory", declaration.enclosingTypes != nil,
                       !types.contains(where: { $0.name == declaration.name }) {
                        types.append((declaration.name, target.moduleName))
                    }
                    if declaration.isStatic, let owner = declaration.enclosingTypes?.last, owner.hasSuffix("Factory"),
                       declaration.introducer == "func" || (declaration.introducer == "var" && !isDouble) {
                        candidates.append((declaration, owner, target.moduleName, isDouble, file))
                    }
                }
            }
        }
        let names = Set(types.map(\.name))
        for candidate in candidates where names.contains(candidate.owner) {
            let declaration = candidate.declaration
            let signature = Self.signature(of: declaration, in: candidate.file.tokens)
            let member = LiveFactory.Member(
                name: declaration.name, module: candidate.module, call: signature.call, returns: signature.returns,
                path: candidate.file.path, line: declaration.line
            )
            found.append((member, candidate.owner, candidate.isDouble, signature.required))
        }
        return types.map { type in
            let own = found.filter { $0.type == type.name }
            var members: [LiveFactory.Member] = []
            for entry in own where !entry.isDouble && !members.contains(where: { $0.name == entry.member.name }) {
                members.append(entry.member)
            }
            var doubles: [LiveFactory.Member] = []
            for entry in own where entry.isDouble && !doubles.contains(where: { $0.name == entry.member.name }) {
                let fewest = own.filter { $0.isDouble && $0.member.name == entry.member.name }.min { $0.required < $1.required }
                doubles.append(fewest?.member ?? entry.member)
            }
            return LiveFactory(type: type.name, module: type.module, members: members, doubles: doubles)
        }
    }

    /// The factory `module` declares, if it declares one.
    func liveFactory(declaredIn module: String) -> LiveFactory? {
        factories.first { $0.module == module }
    }

    /// How a call to the func or var at `declaration` reads (`scripted(data:script:)`: the
    /// labels of the parameters without a default), how many labels that is, and the declared
    /// result type, or `nil` for none.
    static func signature(of declaration: Declaration, in tokens: [Token]) -> (call: String, required: Int, returns: String?) {
        var cursor = declaration.tokenIndex + 2  // past the introducer and the name
        guard declaration.introducer == "func" else {
            guard tokens[safe: cursor]?.isPunctuation(":") == true else { return (declaration.name, 0, nil) }
            return (declaration.name, 0, typeText(tokens, from: cursor + 1))
        }
        cursor = tokens.indexAfterGroup(at: cursor, open: "<", close: ">")
        let end = tokens.indexAfterGroup(at: cursor)
        var labels: [String] = []
        var parameterStart = cursor + 1
        var depth = 0
        var hasDefault = false
        for index in (cursor + 1)..<max(end, cursor + 1) {
            let token = tokens[index]
            if ["(", "[", "<"].contains(token.text), token.kind == .punctuation { depth += 1 }
            if [")", "]", ">"].contains(token.text), token.kind == .punctuation { depth -= 1 }
            if depth == 0, token.isPunctuation("=") { hasDefault = true }
            if depth < 0 || (depth == 0 && token.isPunctuation(",")) {
                if index > parameterStart, !hasDefault, let label = tokens[safe: parameterStart], label.isName {
                    labels.append(label.text + ":")
                }
                parameterStart = index + 1
                hasDefault = false
            }
        }
        cursor = end
        while let token = tokens[safe: cursor], token.kind == .identifier,
              ["async", "throws", "rethrows", "reasync"].contains(token.text) {
            cursor = tokens.indexAfterGroup(at: cursor + 1)  // `throws(DataError)`
        }
        let call = "\(declaration.name)(\(labels.joined()))"
        guard tokens[safe: cursor]?.isPunctuation("-") == true, tokens[safe: cursor + 1]?.isPunctuation(">") == true else {
            return (call, labels.count, nil)
        }
        let returns = typeText(tokens, from: cursor + 2)
        return (call, labels.count, returns == "Void" || returns == "()" ? nil : returns)
    }

    /// The type written from `start` to the body's `{`, a `where`, `=` or the end of the
    /// declaration, as one line: `any DataLayer`, `[String]`, `(any SyncEngine)?`.
    private static func typeText(_ tokens: [Token], from start: Int) -> String? {
        var text = ""
        var depth = 0
        var cursor = start
        while let token = tokens[safe: cursor] {
            if depth == 0, token.isPunctuation("{") || token.isPunctuation("=") || token.isPunctuation(";")
                || token.isPunctuation("}") || token.isWord("where") { break }
            if depth == 0, cursor > start, let previous = tokens[safe: cursor - 1], previous.line != token.line,
               token.kind == .attribute || (token.kind == .identifier && (DeclarationScanner.introducers.contains(token.text)
                || DeclarationPrefix.accessLevels.contains(token.text) || DeclarationScanner.modifiers.contains(token.text))) {
                break  // a stored property without a body: the next declaration starts
            }
            if ["(", "[", "<"].contains(token.text), token.kind == .punctuation { depth += 1 }
            if [")", "]", ">"].contains(token.text), token.kind == .punctuation { depth -= 1 }
            if let previous = tokens[safe: cursor - 1], cursor > start,
               (previous.isName && token.isName) || previous.isPunctuation(",") || previous.isPunctuation(":") {
                text += " "
            }
            text += token.description
            cursor += 1
        }
        return text.isEmpty ? nil : text
    }
}
