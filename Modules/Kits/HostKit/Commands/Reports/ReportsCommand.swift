import ArgumentParser
import StrataContainer
import StrataReportsApp

/// `strata-host reports`: add, list, show, update and delete case reports — one subcommand per
/// action the Reports micro-app declares (`ReportsApp.routeDeclarations`, see ``RouteCommand``).
struct ReportsCommand: ParsableCommand, RouteFamily {
    static let familyName = "reports"
    static var app: any RoutedMicroApp.Type { ReportsApp.self }

    static let configuration = CommandConfiguration(
        commandName: familyName,
        abstract: "Add, list, show, update and delete case reports.",
        discussion: RouteCommands.examples(ReportsApp.self),
        subcommands: RouteCommands.subcommands(ReportsApp.self)
    )
}
