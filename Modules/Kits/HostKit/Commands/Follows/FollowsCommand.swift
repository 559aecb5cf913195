import ArgumentParser
import StrataContainer
import StrataFollowUpsApp

/// `strata-host follows`: schedule follow-ups, list them, find those due, mark them done — one
/// subcommand per action the FollowUps micro-app declares (`FollowUpsApp.routeDeclarations`,
/// see ``RouteCommand``).
struct FollowsCommand: ParsableCommand, RouteFamily {
    static let familyName = "follows"
    static var app: any RoutedMicroApp.Type { FollowUpsApp.self }

    static let configuration = CommandConfiguration(
        commandName: familyName,
        abstract: "Schedule follow-up visits, list them, find those due, mark them done.",
        discussion: "Dates are days (YYYY-MM-DD) in the local time zone, or ISO 8601 instants.\n\n"
            + RouteCommands.examples(FollowUpsApp.self),
        subcommands: RouteCommands.subcommands(FollowUpsApp.self)
    )
}
