import ArgumentParser
import StrataContainer
import StrataCrossCutting

/// The place of a command among its micro-app's declared commands: ArgumentParser needs a type
/// per subcommand, so ``RouteCommand`` is generic over its micro-app and one of these.
protocol RouteSlot {
    /// The command's index among the micro-app's declarations that have a command.
    static var index: Int { get }
}

enum RouteSlot0: RouteSlot { static let index = 0 }
enum RouteSlot1: RouteSlot { static let index = 1 }
enum RouteSlot2: RouteSlot { static let index = 2 }
enum RouteSlot3: RouteSlot { static let index = 3 }
enum RouteSlot4: RouteSlot { static let index = 4 }
enum RouteSlot5: RouteSlot { static let index = 5 }
enum RouteSlot6: RouteSlot { static let index = 6 }
enum RouteSlot7: RouteSlot { static let index = 7 }

/// `strata-host <family> <command> …` for one declared action of `App` (``RoutedMicroApp``):
/// its name, usage and help, the reading of its words and the `strata://` URL it opens are
/// all read from the action's ``RouteDeclaration``; nothing here is written per action.
struct RouteCommand<App: RoutedMicroApp, Slot: RouteSlot>: ParsableCommand, HostSubcommand {
    /// The action: the `Slot.index`-th of `App`'s declarations that have a command.
    static var declaration: RouteDeclaration { RouteCommands.declarations(App.self)[Slot.index] }

    static var configuration: CommandConfiguration {
        let declaration = declaration
        return CommandConfiguration(
            commandName: declaration.command, abstract: declaration.abstract,
            usage: declaration.usage(program: StrataHostCLI.programName), discussion: declaration.helpDiscussion)
    }

    /// The words after the command's name (its id, options and `--json`), read by the declaration.
    @Argument(parsing: .allUnrecognized, help: .hidden)
    var words: [String] = []

    @OptionGroup var global: GlobalOptions

    /// The declared options as the completion scripts see them (never parsed: see ``RouteCompletionOptions``).
    @OptionGroup var completion: RouteCompletionOptions<App, Slot>

    init() {}

    func validate() throws {
        do {
            _ = try Self.declaration.commandLine(words)
        } catch let refused as RouteUsageError {
            throw ValidationError(refused.message)
        }
    }

    func request(_ context: HostContext) throws -> HostRequest {
        try RouteInvocation(declaration: Self.declaration, words: words, verbose: global.verbose, configPath: global.config)
            .request(context)
    }
}

/// A micro-app's declared actions as `strata-host` subcommands.
enum RouteCommands {
    /// The slots, one type each; a micro-app declares at most this many commands.
    private static func slots<App: RoutedMicroApp>(_ app: App.Type) -> [any ParsableCommand.Type] {
        [
            RouteCommand<App, RouteSlot0>.self, RouteCommand<App, RouteSlot1>.self, RouteCommand<App, RouteSlot2>.self,
            RouteCommand<App, RouteSlot3>.self, RouteCommand<App, RouteSlot4>.self, RouteCommand<App, RouteSlot5>.self,
            RouteCommand<App, RouteSlot6>.self, RouteCommand<App, RouteSlot7>.self,
        ]
    }

    /// `app`'s declarations that have a command, in its order.
    static func declarations<App: RoutedMicroApp>(_ app: App.Type) -> [RouteDeclaration] {
        app.routeDeclarations.filter { $0.command != nil }
    }

    /// One subcommand per declared command of `app`.
    static func subcommands<App: RoutedMicroApp>(_ app: App.Type) -> [any ParsableCommand.Type] {
        let count = declarations(app).count
        precondition(count <= 8, "\(app.name) declares \(count) commands; RouteCommands has 8 slots")
        return Array(slots(app).prefix(count))
    }

    /// The group's examples: the first of each command's.
    static func examples<App: RoutedMicroApp>(_ app: App.Type) -> String {
        "Examples:\n" + declarations(app).compactMap(\.examples.first).map { "  " + $0 }.joined(separator: "\n")
    }

    /// A declaration's query as `open --help` shows it: the required parameters, then the
    /// others in brackets (`patientName=…&age=…[&gender=…&follow=true&memo=…]`).
    static func query<App: RoutedMicroApp>(named name: String, of app: App.Type) -> String {
        guard let declaration = app.routeDeclarations.first(where: { $0.name == name }) else { return "" }
        func item(_ parameter: RouteParameter) -> String { parameter.name + (parameter.isFlag ? "=true" : "=…") }
        let required = declaration.parameters.filter(\.required).map(item).joined(separator: "&")
        let optional = declaration.parameters.filter { !$0.required }.map { "&" + item($0) }.joined()
        return required + (optional.isEmpty ? "" : "[\(optional)]")
    }
}
