import ArgumentParser
import StrataContainer

/// Whether the command tree is being built for a completion script or a help dump
/// (`--generate-completion-script`, `--experimental-dump-help`): only then do a route command's
/// declared options show to ArgumentParser (``RouteCompletionOptions``).
enum RouteCompletion {
    /// `true` while `strata-host` writes a completion script or dumps its help.
    @TaskLocal static var declaring = false

    /// Whether `arguments` ask ArgumentParser for a completion script or its help dump.
    static func asked(by arguments: [String]) -> Bool {
        arguments.contains("--generate-completion-script") || arguments.contains("--experimental-dump-help")
    }

    /// How many value options and flags one declaration may show in completions.
    static let optionSlots = 12
    static let flagSlots = 4
}

/// A route command's declared options (``RouteDeclaration/parameters``) as ArgumentParser
/// options, so that the completion scripts offer them and their values: a choice's words
/// (`--gender female|male|…`, `--scope mine|group|all`, each `--medication`), nothing for
/// free text. The command still reads its words itself (``RouteCommand/words``): outside
/// ``RouteCompletion/declaring`` every slot is private, under a name no one types, so it never
/// takes a word and never shows in `--help`.
///
/// ArgumentParser reads options from stored properties, so the declaration's options fill a
/// fixed number of slots (``RouteCompletion/optionSlots`` values, ``RouteCompletion/flagSlots`` flags).
struct RouteCompletionOptions<App: RoutedMicroApp, Slot: RouteSlot>: ParsableArguments {
    @Option var o0: String?
    @Option var o1: String?
    @Option var o2: String?
    @Option var o3: String?
    @Option var o4: String?
    @Option var o5: String?
    @Option var o6: String?
    @Option var o7: String?
    @Option var o8: String?
    @Option var o9: String?
    @Option var o10: String?
    @Option var o11: String?
    @Flag var f0 = false
    @Flag var f1 = false
    @Flag var f2 = false
    @Flag var f3 = false
    @Flag var json = false

    init() {
        let declared = RouteCompletion.declaring ? RouteCommand<App, Slot>.declaration.parameters : []
        let values = declared.filter { !$0.isFlag }
        let flags = declared.filter(\.isFlag)
        func option(_ index: Int) -> Option<String?> {
            guard index < values.count else {
                return Option(name: .customLong("strata-route-slot-\(index)"), help: .private)
            }
            let parameter = values[index]
            return Option(
                name: .customLong(parameter.option),
                help: ArgumentHelp(parameter.help, valueName: parameter.valueName ?? parameter.option),
                completion: Self.completion(of: parameter.kind))
        }
        func flag(_ index: Int) -> Flag<Bool> {
            guard index < flags.count else {
                return Flag(wrappedValue: false, name: .customLong("strata-route-flag-\(index)"), help: .private)
            }
            let parameter = flags[index]
            let help = ArgumentHelp(parameter.help)
            return parameter.negatable
                ? Flag(wrappedValue: false, name: .customLong(parameter.option), inversion: .prefixedNo, help: help)
                : Flag(wrappedValue: false, name: .customLong(parameter.option), help: help)
        }
        _o0 = option(0)
        _o1 = option(1)
        _o2 = option(2)
        _o3 = option(3)
        _o4 = option(4)
        _o5 = option(5)
        _o6 = option(6)
        _o7 = option(7)
        _o8 = option(8)
        _o9 = option(9)
        _o10 = option(10)
        _o11 = option(11)
        _f0 = flag(0)
        _f1 = flag(1)
        _f2 = flag(2)
        _f3 = flag(3)
        if RouteCompletion.declaring, let help = RouteCommand<App, Slot>.declaration.json {
            _json = Flag(wrappedValue: false, name: .customLong("json"), help: ArgumentHelp(help))
        } else {
            _json = Flag(wrappedValue: false, name: .customLong("strata-route-json"), help: .private)
        }
    }

    /// A slot's placeholder name typed on the command line is refused as any unknown option is.
    func validate() throws {
        let values = [o0, o1, o2, o3, o4, o5, o6, o7, o8, o9, o10, o11]
        if let index = values.firstIndex(where: { $0 != nil }) {
            throw ValidationError("Unknown option '--strata-route-slot-\(index)'")
        }
        if let index = [f0, f1, f2, f3].firstIndex(of: true) { throw ValidationError("Unknown option '--strata-route-flag-\(index)'") }
        if json { throw ValidationError("Unknown option '--strata-route-json'") }
    }

    /// What a completion offers for a value of `kind`: a choice's words, else nothing.
    static func completion(of kind: RouteParameter.Kind) -> CompletionKind {
        switch kind {
        case .choice(let words), .choices(let words): .list(words)
        default: .default
        }
    }
}
