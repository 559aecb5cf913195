import ArgumentParser
import StrataCrossCutting
import StrataDomain

extension ReportsCommand {
    /// `reports list`: one page of reports, newest first, optionally filtered by text and by owner
    /// (`--scope mine|group|all`, the seed's `scopeType`).
    struct List: ParsableCommand, HostSubcommand {
        static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: "List case reports, newest first, one page at a time.",
            discussion: """
                Examples:
                  strata-host reports list
                  strata-host reports list --search sato
                  strata-host reports list --scope mine
                  strata-host reports list --page 2 --page-size 20 --json
                """
        )

        @Option(
            parsing: .unconditional,
            help: ArgumentHelp("Only reports whose patient name or memo contains this text (case-insensitive).", valueName: "text"))
        var search: String?

        @Option(parsing: .unconditional, help: ArgumentHelp("Which page to show, counting from 1.", valueName: "n"))
        var page = 1

        @Option(parsing: .unconditional, help: ArgumentHelp("How many reports per page, 1 to 1000.", valueName: "n"))
        var pageSize = 50

        @Option(
            parsing: .unconditional,
            help: ArgumentHelp(
                localized(
                    "Whose reports: mine (yours), group (yours and your groups'), or all (every stored report).",
                    ja: "どの報告を表示するか: mine (自分の報告)、group (自分とグループの報告)、all (保存されたすべての報告)。"),
                valueName: "mine|group|all"))
        var scope = "all"

        @Flag(help: "Print a JSON array of reports.")
        var json = false

        @OptionGroup var global: GlobalOptions

        func validate() throws {
            try ArgumentChecks.notNegative(page, option: "--page", expected: "1 or more")
            try ArgumentChecks.notNegative(pageSize, option: "--page-size", expected: "1 to 1000")
            guard page >= 1 else { throw ValidationError("--page must be 1 or more (got \(page))") }
            guard (1...1000).contains(pageSize) else {
                throw ValidationError("--page-size must be between 1 and 1000 (got \(pageSize))")
            }
            guard PageRequest.scope(named: scope) != nil else {
                let names = PageRequest.scopeNames.joined(separator: ", ")
                throw ValidationError(
                    localized(
                        "--scope must be one of \(names) (got \(scope))",
                        ja: "--scope には \(names) のいずれかを指定してください (指定値: \(scope))"))
            }
        }

        func request(_ context: HostContext) throws -> HostRequest {
            .open(
                HostURL.make(
                    "reports",
                    query: [
                        ("search", search), ("page", String(page)), ("pageSize", String(pageSize)),
                        ("scope", scope == "all" ? nil : scope),
                    ], json: json))
        }
    }
}
