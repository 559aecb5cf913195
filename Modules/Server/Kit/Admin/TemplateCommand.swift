import ArgumentParser
import StrataCrossCutting
import StrataServerDomain

/// `admin template save|list|show|delete`.
struct TemplateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "template", abstract: "Save, list, show or delete push message templates.",
        subcommands: [Save.self, List.self, Show.self, Delete.self])

    /// `admin template save NAME --title T --body B`.
    struct Save: KitCommand {
        static let createsStorage = true
        static let configuration = CommandConfiguration(abstract: "Save (or replace) a push template.")
        @Argument(help: "The template's name.") var name: String
        @Option(name: .long, help: "The title.") var title: String
        @Option(name: .long, help: "The text.") var body: String
        @OptionGroup var output: JSONOption
        @OptionGroup var common: CommonOptions

        func execute(_ run: CommandRun) async throws {
            try await run.services.admin.saveTemplate(name: name, title: title, body: body)
            try output.print(AdminTemplate(name: name, title: title, body: body), to: run.output) { ["saved template \(AdminText.shown(name))"] }
        }
    }

    /// `admin template list`.
    struct List: KitCommand {
        static let configuration = CommandConfiguration(
            abstract: "List the push templates.", discussion: "One line per template: NAME and TITLE.")
        @OptionGroup var output: JSONOption
        @OptionGroup var common: CommonOptions

        func execute(_ run: CommandRun) async throws {
            let templates = try await run.services.admin.templates()
            try output.print(templates, to: run.output, header: ["NAME", "TITLE"]) { templates.map { AdminText.line($0.name, $0.title) } }
        }
    }

    /// `admin template show NAME`.
    struct Show: KitCommand {
        static let configuration = CommandConfiguration(abstract: "Show a push template's title and text.")
        @Argument(help: "The template's name.") var name: String
        @OptionGroup var output: JSONOption
        @OptionGroup var common: CommonOptions

        func execute(_ run: CommandRun) async throws {
            let template = try await run.services.admin.template(named: name)
            try output.print(template, to: run.output) {
                [
                    "name: \(AdminText.shown(template.name))", "title: \(AdminText.shown(template.title))",
                    "body: \(AdminText.shown(template.body))",
                ]
            }
        }
    }

    /// `admin template delete NAME`.
    struct Delete: KitCommand {
        static let configuration = CommandConfiguration(
            abstract: "Delete a push template (messages already sent with it are not touched).")
        @Argument(help: "The template's name.") var name: String
        @OptionGroup var output: JSONOption
        @OptionGroup var common: CommonOptions

        func execute(_ run: CommandRun) async throws {
            let template = try await run.services.admin.template(named: name)
            try await run.services.admin.deleteTemplate(named: name)
            try output.print(template, to: run.output) { ["deleted template \(AdminText.shown(template.name))"] }
        }
    }
}
