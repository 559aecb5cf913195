import Foundation

/// The `composition-root` rule: only composition roots call the live factories.
///
/// A composition root is an executable (a host, a benchmark, a tool: each is the root of its
/// own process), a test target or test support. Every other module receives what a live
/// factory returns as a protocol. The factory's own module, and the module that declares a
/// member, may call its members (one factory method building on another).
///
/// The live factories are found in the code (``liveFactories()``: every public static func
/// or var of a public `…Factory` type outside test support), never listed by hand, so a
/// factory added to a module is covered the day it is written.
///
/// The scan is token-level, like the import rule: `DataLayerFactory.live` (also written
/// `StrataData.DataLayerFactory.live`, or as a reference without a call) in code counts; the
/// same words in a comment or a string literal do not. A call through an alias or from inside
/// an extension of the factory is not seen.
extension LayeringChecker {
    /// Whether `target` may call the live factories: an executable (unless the policy says
    /// otherwise), a test, test support, or a target the policy names a composition root.
    func isCompositionRoot(_ target: PackageModel.Target, placement: Placement) -> Bool {
        (policy.executablesAreCompositionRoots && target.kind == .executable) || placement.isTestOnly
            || policy.compositionRootTargets.contains(target.name)
    }

    /// The `composition-root` violations of one file of `target`, which is not a composition root.
    func liveFactoryViolations(_ file: ScannedFile, target: PackageModel.Target, placement: Placement) -> [Violation] {
        guard !factories.isEmpty else { return [] }
        let tokens = file.tokens
        var violations: [Violation] = []
        for index in tokens.indices where tokens[index].isName {
            guard let factory = factories.first(where: { $0.type == tokens[index].text }),
                  tokens[safe: index + 1]?.isPunctuation(".") == true,
                  let name = tokens[safe: index + 2], name.isName, let member = factory.member(named: name.text),
                  member.module != target.moduleName, factory.module != target.moduleName
            else { continue }
            violations.append(liveFactoryViolation(
                factory: factory, member: member, placement: placement, path: file.path, line: tokens[index].line
            ))
        }
        return violations
    }

    private func liveFactoryViolation(
        factory: LiveFactory, member: LiveFactory.Member, placement: Placement, path: String, line: Int
    ) -> Violation {
        let call = "\(factory.type).\(member.name)"
        let sideRoot = placement.side.flatMap { policy.side(named: $0)?.compositionRoot }
        let root = sideRoot?.replacingOccurrences(of: "{target}", with: placement.target)
            ?? "the composition root of each executable that uses \(placement.target)"
        let parameter = "(an init argument, or a field of the launch or environment value \(placement.target) already receives)"
        var fix: String
        if let type = member.parameterType {
            fix = "Take `\(type)` as a parameter instead \(parameter), and let \(root) call \(call) and pass the result in."
        } else {
            fix = "Let \(root) call \(call), and take what \(placement.target) needs from it as a parameter instead "
                + "\(parameter): its result, or a closure that calls it."
        }
        if let double = factory.testDouble(for: member) {
            fix += " Tests then pass \(double) through the same parameter."
        }
        return violation(
            .compositionRoot, path: path, line: line,
            message: "\(placement.summary) calls \(call), a live factory: only a composition root "
                + "(an executable or a test) picks implementations.",
            fix: fix, target: placement.target, subject: call
        )
    }
}
