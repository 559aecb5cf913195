import ArgumentParser
import StrataReportsApp

/// `strata-host reports`: add, list, show, update and delete case reports — one subcommand per
/// action the Reports micro-app declares (`ReportsApp.routeDeclarations`, see ``RouteCommand``).
struct ReportsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reports",
        abstract: "Add, list, show, update and delete case reports.",
        discussion: RouteCommands.examples(ReportsApp.self),
        subcommands: RouteCommands.subcommands(ReportsApp.self)
    )
}
