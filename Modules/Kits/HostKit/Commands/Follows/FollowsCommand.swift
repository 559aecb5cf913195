import ArgumentParser

/// `strata-host follows`: schedule follow-ups, list them, find those due, mark them done.
struct FollowsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "follows",
        abstract: "Schedule follow-up visits, list them, find those due, mark them done.",
        discussion: """
            Dates are days (YYYY-MM-DD) in the local time zone, or ISO 8601 instants.

            Examples:
              strata-host follows add --report <id> --date 2026-12-01 \\
                  --max-bp 140 --min-bp 90 --medication ace
              strata-host follows list --report <id>
              strata-host follows due --days 7
              strata-host follows done <follow-up id>
            """,
        subcommands: [Add.self, List.self, Due.self, Done.self]
    )
}
