import ArgumentParser
import StrataCrossCutting
import StrataDomain

extension FollowsCommand {
    /// `follows done ID`: marks a follow-up done (it is then never due or overdue).
    struct Done: ParsableCommand, HostSubcommand {
        static let configuration = CommandConfiguration(
            commandName: "done",
            abstract: "Mark a follow-up done.",
            discussion: """
                Example:
                  strata-host follows done <follow-up id>
                """
        )

        @Argument(help: "The follow-up's id, as printed by 'follows add' or 'follows list'.")
        var id: String

        @OptionGroup var global: GlobalOptions

        func validate() throws {
            try ArgumentChecks.identifier(id, name: localized("the follow-up id", ja: "フォローアップの ID"), expected: ArgumentChecks.followUpID)
        }

        func request(_ context: HostContext) throws -> HostRequest {
            .open(HostURL.make("follows", [id, "done"]))
        }
    }
}
