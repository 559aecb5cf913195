import ArgumentParser

/// `strata-host reports`: add, list, show, update and delete case reports.
struct ReportsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reports",
        abstract: "Add, list, show, update and delete case reports.",
        discussion: """
            Examples:
              strata-host reports add --patient-name "Hanako Sato" --age 42 --gender female
              strata-host reports list --search sato --json
              strata-host reports show <id>
              strata-host reports update <id> --age 43 --follow
              strata-host reports delete <id>
            """,
        subcommands: [Add.self, List.self, Show.self, Update.self, Delete.self]
    )
}
