import StrataCrossCutting

/// One action of a micro-app, declared once: its `strata://` path, its command words, its help
/// and its parameters. The URL form (``match(_:in:)``, which checks the accepted keys), the
/// command form (``commandLine(_:)``, ``path(id:)``, ``query(_:)``) and the command's help
/// (``usage``, ``discussion``) are all read from it.
///
/// ```swift
/// RouteDeclaration(
///     "show", family: "reports", path: "<id>", command: "show", abstract: "Show one case report.",
///     identifier: .init(help: "The report's id.", name: "the report id", expected: "a case report id"),
///     examples: ["strata-host reports show <id>"], json: "Print the report as a JSON object.")
/// // strata://reports/<id>?format=json  ⇔  strata-host reports show <id> --json
/// ```
public struct RouteDeclaration: Sendable {
    /// The id a path pattern's `<id>` stands for, on the command line a positional argument.
    public struct Identifier: Sendable {
        /// The command-line help.
        public let help: String
        /// The argument as messages name it (`the report id`).
        public let name: String
        /// What a valid id is, for messages.
        public let expected: String

        /// An id argument.
        public init(help: String, name: String, expected: String) {
            self.help = help
            self.name = name
            self.expected = expected
        }
    }

    /// The action's name (`add`), unique in its family.
    public let name: String
    /// The URL host and the command group (`reports`).
    public let family: String
    /// The path after the host, `/`-separated; `<id>` stands for an id (`<id>/edit`); empty: the host alone.
    public let path: String
    /// Other literal paths reaching the same route (`list` for the empty path).
    public let aliases: [String]
    /// The subcommand's name (`update`), or `nil` for a route only a URL reaches.
    public let command: String?
    /// The one-line help.
    public let abstract: String
    /// Sentences the help shows before the options.
    public let discussion: String?
    /// Example command lines, without the program's name prefix removed (`strata-host reports …`).
    public let examples: [String]
    /// The parameters (besides the path's id and `format`), in the order errors and help list them.
    public let parameters: [RouteParameter]
    /// The path's id as a command-line argument, when the path has `<id>`.
    public let identifier: Identifier?
    /// The help of `--json` (`format=json`), or `nil` when the command has no `--json`.
    public let json: String?
    /// Whether the route overwrites or removes what a person wrote, so that a link may not run it
    /// without asking (the micro-app says why in its refusal).
    public let destructive: Bool
    /// Whether the command needs at least one parameter (an update with nothing to change is refused).
    public let needsOneParameter: Bool
    /// A check of the command line's values (by name) that the parameters' kinds cannot state:
    /// a message refusing them, or `nil`.
    public let usageCheck: (@Sendable ([String: String]) -> String?)?
    /// A check the command runs once it has read its days (each `YYYY-MM-DD` in the clock's
    /// calendar): it throws the error to print (a period running backwards).
    public let daysCheck: (@Sendable ([String: String]) throws -> Void)?

    /// A declared action.
    public init(
        _ name: String, family: String, path: String = "", aliases: [String] = [], command: String?, abstract: String,
        discussion: String? = nil, examples: [String] = [], parameters: [RouteParameter] = [],
        identifier: Identifier? = nil, json: String? = nil, destructive: Bool = false, needsOneParameter: Bool = false,
        usageCheck: (@Sendable ([String: String]) -> String?)? = nil,
        daysCheck: (@Sendable ([String: String]) throws -> Void)? = nil
    ) {
        self.name = name
        self.family = family
        self.path = path
        self.aliases = aliases
        self.command = command
        self.abstract = abstract
        self.discussion = discussion
        self.examples = examples
        self.parameters = parameters
        self.identifier = identifier
        self.json = json
        self.destructive = destructive
        self.needsOneParameter = needsOneParameter
        self.usageCheck = usageCheck
        self.daysCheck = daysCheck
    }

    /// The marker of an id in a path pattern.
    public static let idMarker = "<id>"
    /// The parameter every route accepts: `format=json` asks for JSON output.
    public static let formatKey = "format"

    /// The keys the URL form accepts (besides `path`), in the order errors list them:
    /// the parameters' names, then `format`.
    public var acceptedKeys: [String] { parameters.map(\.name) + [Self.formatKey] }

    /// The parameter named `name`.
    public func parameter(_ name: String) -> RouteParameter? { parameters.first { $0.name == name } }

    /// The URL as people write it, e.g. `strata://reports/<id>/edit`.
    public var pattern: String { Self.route(family, path) }

    static func route(_ family: String, _ path: String) -> String {
        "\(StrataConstants.urlScheme)://\(family)" + (path.isEmpty ? "" : "/\(path)")
    }

    /// The path's segments with the id put in for `<id>`.
    public func path(id: String?) -> [String] {
        path.split(separator: "/").map { $0 == Self.idMarker ? (id ?? "") : String($0) }
    }

    // MARK: - The URL form

    /// The declaration of `declarations` a start's params (`path` plus the URL's query items) reach,
    /// with the path's id, once its keys are checked; `nil` when no path matches (see ``noRoute(_:in:)``).
    ///
    /// A literal segment wins over `<id>` (`reports/new` is never the report `new`).
    ///
    /// - Throws: ``ContainerError`` `unknownParameter` naming the keys the route does not accept
    ///   and the accepted ones (`strata://reports/new: unknown parameter 'mmo'; accepted: …`).
    public static func match(_ params: [String: String], in declarations: [RouteDeclaration]) throws
        -> (declaration: RouteDeclaration, id: String?)?
    {
        let parts = (params[LaunchParameters.pathKey] ?? "").split(separator: "/").map(String.init)
        var best: (declaration: RouteDeclaration, id: String?, written: String, literals: Int)?
        for declaration in declarations {
            for written in [declaration.path] + declaration.aliases {
                let pattern = written.split(separator: "/").map(String.init)
                guard pattern.count == parts.count else { continue }
                var id: String?
                var literals = 0
                var matches = true
                for (segment, part) in zip(pattern, parts) {
                    if segment == idMarker {
                        id = part
                    } else if segment == part {
                        literals += 1
                    } else {
                        matches = false
                    }
                }
                if matches, literals > (best?.literals ?? -1) { best = (declaration, id, written, literals) }
            }
        }
        guard let best else { return nil }
        try LaunchParameters.check(
            params, route: route(best.declaration.family, best.written), accepted: best.declaration.acceptedKeys)
        return (best.declaration, best.id)
    }

    /// The line saying no route of `declarations` has the params' path
    /// (`reports: no route for path 'x/y'; expected new, <id>, <id>/edit or <id>/delete`).
    public static func noRoute(_ params: [String: String], in declarations: [RouteDeclaration]) -> String {
        let path = params[LaunchParameters.pathKey] ?? ""
        let paths = declarations.map(\.path).filter { !$0.isEmpty }
        let listed = paths.count > 1 ? paths.dropLast().joined(separator: ", ") + " or " + (paths.last ?? "") : paths.joined()
        let family = declarations.first?.family ?? ""
        return "\(family): no route for path '\(path.split(separator: "/").joined(separator: "/"))'; expected \(listed)"
    }
}
