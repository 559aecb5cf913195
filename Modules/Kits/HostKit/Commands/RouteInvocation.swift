import StrataContainer

/// One route command's command line, read: the micro-app's declared action, the words after its
/// name (its id, options and `--json`, read by the declaration) and the shared options. What a
/// ``RouteCommand`` parsed by ArgumentParser stands for, and what ``RouteFastPath`` reads without it.
struct RouteInvocation: HostInvocation {
    /// The declared action.
    let declaration: RouteDeclaration
    /// The words after the command's name, without the shared options.
    let words: [String]
    let verbose: Bool
    let configPath: String?

    /// The `strata://` URL the words name, with each day (`--date`) read in the context's
    /// calendar and the declaration's check of its days.
    func request(_ context: HostContext) throws -> HostRequest {
        var arguments = try declaration.commandLine(words)
        for parameter in declaration.parameters {
            guard case .day = parameter.kind, let text = arguments.values[parameter.name] else { continue }
            arguments.values[parameter.name] = context.dayText(try context.day(text, what: "--\(parameter.option)"))
        }
        try declaration.daysCheck?(arguments.values)
        return .open(
            HostURL.make(
                declaration.family, declaration.path(arguments),
                query: declaration.query(arguments).map { ($0.0, Optional($0.1)) }, json: arguments.json))
    }
}
