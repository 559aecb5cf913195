import ArgumentParser
import StrataContainer

/// A route command's command line (`strata-host reports list --search sato`) read without
/// ArgumentParser: before it parses one command, ArgumentParser builds every family's and
/// every route command's configuration (their usage and help text, from the micro-apps'
/// declarations), instantiates each generic ``RouteCommand`` and reflects over its options —
/// about a quarter of a one-shot command's start (issue 29). A route command's words are read
/// by its declaration anyway (``RouteDeclaration/commandLine(_:)``); here only the shared
/// options (`--verbose`, `--config FILE`) are taken out first, as ArgumentParser takes them.
///
/// Anything else goes to ArgumentParser's whole tree, so its output stays ArgumentParser's:
/// help and versions (`-h`, `--help`, `help`, `--version`), completion scripts and help dumps,
/// `--`, a word with a single dash, a shared option given twice or without its value, a family
/// or command that is not a route command, and every command line the declaration refuses (its
/// usage error is then printed by the whole tree, as before).
enum RouteFastPath {
    /// The families whose commands are route commands, as ``HostCommand`` lists them (a test
    /// pins the two lists): named here so that reading `reports list` never builds the root
    /// command's configuration (its help text) nor casts each family.
    static var families: [any RouteFamily.Type] { [ReportsCommand.self, FollowsCommand.self, AnnouncementsCommand.self] }

    /// Words only the whole tree answers.
    private static let treeWords: Set<String> = ["help", "--help", "--help-hidden", "--version", "--"]

    /// The route command `arguments` name, read and checked; `nil` when ArgumentParser's tree
    /// must parse them (see the type's description).
    static func parse(_ arguments: [String]) -> RouteInvocation? {
        guard arguments.count >= 2, !RouteCompletion.declaring, !RouteCompletion.asked(by: arguments) else { return nil }
        guard
            !arguments.contains(where: {
                treeWords.contains($0) || $0.hasPrefix("--experimental") || $0.hasPrefix("--strata-route-")
                    || ($0.hasPrefix("-") && !$0.hasPrefix("--"))
            })
        else { return nil }
        guard let family = families.first(where: { $0.familyName == arguments[0] }),
            let declaration = RouteCommands.declarations(family.app).first(where: { $0.command == arguments[1] })
        else { return nil }
        var words: [String] = []
        var verbose = false
        var configPath: String?
        var rest = arguments.dropFirst(2)[...]
        while let word = rest.popFirst() {
            switch word {
            case "--verbose":
                guard !verbose else { return nil }
                verbose = true
            case "--config":
                guard configPath == nil, let path = rest.popFirst(), !path.hasPrefix("-") else { return nil }
                configPath = path
            default:
                if word.hasPrefix("--config=") {
                    let path = String(word.dropFirst("--config=".count))
                    guard configPath == nil, !path.isEmpty else { return nil }
                    configPath = path
                } else if word.hasPrefix("--verbose") || word.hasPrefix("--config") {
                    return nil
                } else {
                    words.append(word)
                }
            }
        }
        guard (try? declaration.commandLine(words)) != nil else { return nil }
        return RouteInvocation(declaration: declaration, words: words, verbose: verbose, configPath: configPath)
    }
}

/// A `strata-host` family whose commands are a micro-app's declared actions (``RouteCommand``):
/// what ``RouteFastPath`` finds by name.
protocol RouteFamily {
    /// The family's name (`reports` in `strata-host reports list`).
    static var familyName: String { get }
    /// The micro-app whose declarations are the family's route commands.
    static var app: any RoutedMicroApp.Type { get }
}
