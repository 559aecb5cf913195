@testable import StrataHostKit
import StrataContainer
import Testing

/// The completion scripts show a route command's declared options through a fixed number of
/// slots (`RouteCompletionOptions`): every declaration fits them, so none loses its completions.
@Suite("Route commands' options fit the completion slots")
struct RouteCompletionSlotsTests {
    @Test("no declared command has more value options or flags than RouteCompletionOptions has slots")
    func declarationsFitTheSlots() {
        let declarations = HostRegistry.routeDeclarations.filter { $0.command != nil }
        #expect(declarations.count >= 10)
        for declaration in declarations {
            let flags = declaration.parameters.filter(\.isFlag).count
            let values = declaration.parameters.count - flags
            #expect(values <= RouteCompletion.optionSlots, "\(declaration.pattern): \(values) value options")
            #expect(flags <= RouteCompletion.flagSlots, "\(declaration.pattern): \(flags) flags")
        }
    }
}
