/// What one module declares across all of its files: its types, and its public protocols with
/// the protocols each refines.
///
/// The public-surface rule needs the whole module at once: a protocol declared in one file
/// makes a conformance in another file an implementation, and an extension in one file adds a
/// conformance to a type declared in another.
struct ModuleSurface: Sendable {
    /// Introducers of the declarations that name a type.
    static let typeIntroducers: Set<String> = ["class", "struct", "enum", "protocol", "actor", "typealias"]

    /// The module's name.
    let module: String
    /// Every type the module declares, by qualified name (`DataError.Code`).
    let types: [String: Declaration]
    /// The module's public protocols, by name: the names each refines.
    let publicProtocols: [String: [String]]

    /// The surface of module `module` from the declarations of all its files.
    init(module: String, declarations: [Declaration]) {
        self.module = module
        var types: [String: Declaration] = [:]
        var protocols: [String: [String]] = [:]
        for declaration in declarations where declaration.enclosingTypes != nil
            && Self.typeIntroducers.contains(declaration.introducer) {
            types[declaration.qualifiedName] = types[declaration.qualifiedName] ?? declaration
            if declaration.introducer == "protocol", declaration.isPublic {
                protocols[declaration.name, default: []] += declaration.inheritance
            }
        }
        self.types = types
        self.publicProtocols = protocols
    }

    /// Whether `declaration`, declared in this module, can be named from outside it: it is
    /// public or open, and so is every type it is nested in.
    func isVisibleOutside(_ declaration: Declaration) -> Bool {
        guard declaration.isPublic, let enclosing = declaration.enclosingTypes else { return false }
        return enclosing.indices.allSatisfy { isVisibleOutside(typeAt: enclosing[...$0].joined(separator: ".")) }
    }

    /// Whether the type at `path` (as an extension writes it, maybe module-qualified) can be
    /// named from outside this module: declared here and visible, or not declared here at all
    /// (then it belongs to another module, and this module can only see it if it is public).
    func isVisibleOutside(typeAt path: String) -> Bool {
        var components = path.split(separator: ".").map(String.init)
        if components.count > 1, components[0] == module { components.removeFirst() }
        guard let declaration = types[components.joined(separator: ".")] else { return true }
        return isVisibleOutside(declaration)
    }

    /// Which of `protocols` (public protocols by name, with what each refines) describe
    /// services rather than values: those that are not `valueProtocols` and refine none of them,
    /// directly or through another protocol.
    static func serviceProtocols(among protocols: [String: [String]], valueProtocols: Set<String>) -> Set<String> {
        var values = valueProtocols
        var grew = true
        while grew {
            let refining = protocols.filter { !values.contains($0.key) && $0.value.contains(where: values.contains) }
            values.formUnion(refining.keys)
            grew = !refining.isEmpty
        }
        return Set(protocols.keys).subtracting(values)
    }
}
