/// One source file of a target, read and tokenized once.
struct ScannedFile: Sendable {
    /// The file, relative to the package root.
    let path: String
    /// Its tokens.
    let tokens: [Token]

    /// Every declaration in the file.
    var declarations: [Declaration] { DeclarationScanner.declarations(in: tokens) }
}

/// The `public-surface` rule: a module that publishes only abstractions (Data, Domain) has no
/// public class or actor, no public struct or enum implementing a service protocol (in its
/// declaration or through an extension), and no public free function or global.
///
/// `@_spi` gives no exemption: an `@_spi(Testing) import` names an SPI type or function just
/// as a plain import names a public one, and a production module can write that import too. A
/// test hook belongs on a public type as an `@_spi(Testing) public` *member* (which this rule
/// allows); a test double belongs in a `…Testing` module behind the factory.
extension LayeringChecker {
    /// The surface of every module that publishes only abstractions, by module name.
    func moduleSurfaces(of sources: [(target: PackageModel.Target, files: [ScannedFile])]) -> [String: ModuleSurface] {
        var surfaces: [String: ModuleSurface] = [:]
        for (target, files) in sources where policy.placement(of: target)?.publishesOnlyAbstractions == true {
            surfaces[target.moduleName] = ModuleSurface(
                module: target.moduleName, declarations: files.flatMap(\.declarations)
            )
        }
        return surfaces
    }

    /// The service protocols `target` may implement only internally: the public protocols,
    /// other than value protocols, of its own module and of the abstraction-only modules it
    /// declares as dependencies (Domain may not publish an implementation of a Data protocol).
    func serviceProtocols(visibleTo target: PackageModel.Target, in surfaces: [String: ModuleSurface]) -> Set<String> {
        let modules = package.declaredModules(of: target).union([target.moduleName])
        var protocols: [String: [String]] = [:]
        for module in modules.sorted() {
            protocols.merge(surfaces[module]?.publicProtocols ?? [:]) { $0 + $1 }
        }
        return ModuleSurface.serviceProtocols(among: protocols, valueProtocols: policy.valueProtocols)
    }

    /// The public-surface violations of one file of an abstraction-only module.
    func publicSurfaceViolations(
        _ file: ScannedFile, placement: Placement, surface: ModuleSurface, services: Set<String>
    ) -> [Violation] {
        file.declarations.compactMap { declaration in
            publicSurfaceViolation(declaration, path: file.path, placement: placement, surface: surface, services: services)
        }
    }

    /// The violation `declaration` (in file `path`) makes, or `nil`.
    private func publicSurfaceViolation(
        _ declaration: Declaration, path: String, placement: Placement, surface: ModuleSurface, services: Set<String>
    ) -> Violation? {
        let factory = liveFactory(declaredIn: placement.target)?.type ?? "the module's factory"
        let spi = declaration.isSPI
            ? " `@_spi` does not make it an abstraction: an `@_spi(Testing) import` names it all the same." : ""
        func violation(_ message: String, fix: String) -> Violation {
            self.violation(
                .publicSurface, path: path, line: declaration.line,
                message: "\(placement.summary) publishes \(message)\(spi)", fix: fix, target: placement.target,
                subject: declaration.qualifiedName
            )
        }
        let implemented = declaration.inheritance.filter(services.contains)
        let written = "`\(declaration.access ?? "") \(declaration.introducer) \(declaration.qualifiedName)`"
        let introducer = declaration.introducer
        if ["class", "actor"].contains(introducer), surface.isVisibleOutside(declaration) {
            let inherited = declaration.inheritsAccessFromExtension
                ? " It is public because it sits in a `public extension`." : ""
            return violation(
                "\(written): an implementation type, in a layer that publishes only protocols, value types, "
                    + "errors and a factory.\(inherited)",
                fix: "Make \(declaration.name) internal. Publish what callers need as a `public protocol` "
                    + "(or a struct, if it is a value), conform \(declaration.name) to it, and return it from "
                    + "\(factory) as `any` that protocol. Tests reach test hooks with `@_spi(Testing) public` "
                    + "members, never with a public class."
            )
        }
        if ["struct", "enum"].contains(introducer), !implemented.isEmpty, surface.isVisibleOutside(declaration) {
            return violation(
                "\(written): it conforms to \(list(implemented)), so it is an "
                    + "implementation made public, whatever its kind.",
                fix: implementationFix(declaration.name, implemented, factory: factory)
            )
        }
        if introducer == "extension", declaration.isAtFileScope, !implemented.isEmpty,
           surface.isVisibleOutside(typeAt: declaration.name) {
            return violation(
                "a conformance of the public type \(declaration.name) to \(list(implemented)) (a conformance "
                    + "is as public as the type and the protocol): an implementation made public.",
                fix: implementationFix(declaration.name, implemented, factory: factory)
                    + " If \(declaration.name) must stay public, move the conformance to an internal type "
                    + "that wraps it."
            )
        }
        if ["func", "var", "let"].contains(introducer), declaration.isPublic, declaration.isAtFileScope {
            let kind = introducer == "func" ? "free function" : "global"
            return violation(
                "the \(kind) \(written): a layer that publishes only protocols, value types, errors and a "
                    + "factory has no module-level API (it cannot be swapped for a double or found behind "
                    + "the factory).",
                fix: "Make \(declaration.name) internal if only \(placement.target) uses it. Otherwise move it "
                    + "into a type: a `public static` member of \(factory) if callers need it to reach the layer, "
                    + "or a member of the value type it works on; a constant belongs in the bottom layer's constants "
                    + "or as a `static let` on its type. A test hook becomes an "
                    + "`@_spi(Testing) public static` member of \(factory)."
            )
        }
        return nil
    }

    private func implementationFix(_ name: String, _ protocols: [String], factory: String) -> String {
        let first = protocols[0]
        return "Keep \(name) internal (drop `public`) and return it from \(factory) as `any \(first)`: callers "
            + "name the protocol, never the implementation, so a test can swap in a double. If \(first) "
            + "describes values rather than a service, add it to \"valueProtocols\" in \(policy.source) and say "
            + "why in the architecture's docs."
    }

    /// "the service protocol `A`" or "the service protocols `A`, `B`".
    private func list(_ protocols: [String]) -> String {
        let names = protocols.map { "`\($0)`" }.joined(separator: ", ")
        return (protocols.count == 1 ? "the service protocol " : "the service protocols ") + names
    }
}
