import ArgumentParser
import StrataCrossCutting
import StrataServerDomain

/// `admin template save NAME --title T --body B`.
struct TemplateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "template", abstract: "Save push message templates.", subcommands: [Save.self])

    /// `admin template save`.
    struct Save: KitCommand {
        static let configuration = CommandConfiguration(abstract: "Save (or replace) a push template.")
        @Argument(help: "The template's name.") var name: String
        @Option(name: .long, help: "The title.") var title: String
        @Option(name: .long, help: "The text.") var body: String
        @OptionGroup var common: CommonOptions

        func execute(_ run: CommandRun) async throws {
            try await run.services.admin.saveTemplate(name: name, title: title, body: body)
            run.output.out("saved template \(name)")
        }
    }
}
