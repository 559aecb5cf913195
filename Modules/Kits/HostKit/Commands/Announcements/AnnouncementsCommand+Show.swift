import ArgumentParser

extension AnnouncementsCommand {
    /// `announcements show ID`: one announcement in full, read from the server.
    struct Show: ParsableCommand, HostSubcommand {
        static let configuration = CommandConfiguration(
            commandName: "show",
            abstract: "Show one announcement in full.",
            discussion: """
                Examples:
                  strata-host announcements show <id>
                  strata-host announcements show <id> --json
                """
        )

        @Argument(help: "The announcement's id, as printed by 'announcements' or 'announcements post'.")
        var id: String

        @Flag(help: "Print the announcement as a JSON object.")
        var json = false

        @OptionGroup var global: GlobalOptions

        func validate() throws {
            try ArgumentChecks.identifier(
                id, name: "the announcement id", expected: "an announcement id, as printed by 'announcements' or 'announcements post'")
        }

        func request(_ context: HostContext) throws -> HostRequest {
            .open(HostURL.make("announcements", [id], json: json))
        }
    }
}
