import ArgumentParser

extension AnnouncementsCommand {
    /// `announcements [list]`: those in effect now (or all), newest first, one page.
    struct List: ParsableCommand, HostSubcommand {
        static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: "List the announcements in effect now (from ≤ now < until), newest first.",
            discussion: """
                Examples:
                  strata-host announcements
                  strata-host announcements list --all
                  strata-host announcements --page 2 --page-size 20 --json
                """
        )

        @Flag(help: "Every announcement you may see, not only those in effect now.")
        var all = false

        @Option(parsing: .unconditional, help: ArgumentHelp("Which page to show, counting from 1.", valueName: "n"))
        var page = 1

        @Option(parsing: .unconditional, help: ArgumentHelp("How many announcements per page, 1 to 1000.", valueName: "n"))
        var pageSize = 20

        @Flag(help: "Print a JSON array of announcements.")
        var json = false

        @OptionGroup var global: GlobalOptions

        func validate() throws {
            guard page >= 1 else { throw ValidationError("--page must be 1 or more (got \(page))") }
            guard (1...1000).contains(pageSize) else {
                throw ValidationError("--page-size must be between 1 and 1000 (got \(pageSize))")
            }
        }

        func request(_ context: HostContext) throws -> HostRequest {
            .open(
                HostURL.make(
                    "announcements",
                    query: [("all", all ? "true" : nil), ("page", String(page)), ("pageSize", String(pageSize))], json: json))
        }
    }
}
