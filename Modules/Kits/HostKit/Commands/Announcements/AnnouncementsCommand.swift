import ArgumentParser
import StrataContainer
import StrataAnnouncementsApp

/// `strata-host announcements`: the ward announcements on the server — list them (the default),
/// show one, post one (a group's lead). Read on demand, never stored locally. `list` and `show`
/// are derived from the Announcements micro-app's declarations (see ``RouteCommand``).
struct AnnouncementsCommand: ParsableCommand, RouteFamily {
    static let familyName = "announcements"
    static var app: any RoutedMicroApp.Type { AnnouncementsApp.self }

    static let configuration = CommandConfiguration(
        commandName: familyName,
        abstract: "List, show and post ward announcements (read from the server, never stored locally).",
        discussion: """
            Announcements are server only: every listing asks the server (it needs STRATA_SERVER_URL \
            and a login); only a lead of the group may post one.

            Examples:
              strata-host announcements
              strata-host announcements --all --json
              strata-host announcements show <id>
              strata-host announcements post --title "Ward meeting" --body "Friday 15:00, room 2" --until "$(date -I -d friday)"
            """,
        subcommands: RouteCommands.subcommands(AnnouncementsApp.self) + [Post.self],
        defaultSubcommand: RouteCommand<AnnouncementsApp, RouteSlot0>.self
    )
}
