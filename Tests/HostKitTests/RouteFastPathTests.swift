import ArgumentParser
@testable import StrataHostKit
import StrataContainer
import Testing

/// A route command read without ArgumentParser (`RouteFastPath`) stands for what the whole
/// command tree parses the same words into; anything the tree alone answers (help, usage
/// errors, `--`, a shared option given twice) is left to it.
@Suite("strata-host's route commands read without the command tree")
struct RouteFastPathTests {
    static let read: [[String]] = [
        ["reports", "list"], ["reports", "list", "--json"], ["reports", "list", "--search", "sato", "--verbose"],
        ["reports", "list", "--config", "/tmp/x.plist", "--json"], ["reports", "list", "--config=/tmp/x.plist"],
        ["reports", "add", "--patient-name", "Hanako Sato", "--age", "42", "--follow"],
        ["reports", "show", "abc", "--verbose", "--json"], ["follows", "due", "--days", "7", "--json"],
        ["follows", "add", "--report", "abc", "--date", "2027-01-01"], ["announcements", "list"],
    ]

    static let leftToTheTree: [[String]] = [
        ["reports"], ["reports", "list", "--help"], ["reports", "list", "-h"], ["help", "reports", "list"],
        ["reports", "list", "--version"], ["reports", "list", "--", "--json"], ["reports", "list", "--verbose", "--verbose"],
        ["reports", "list", "--config"], ["reports", "list", "--config="], ["reports", "list", "--bogus"],
        ["reports", "list", "extra"], ["reports", "lis"], ["reports", "show"], ["reports", "add", "--age", "-1"],
        ["reports", "list", "--generate-completion-script", "bash"], ["reports", "list", "--experimental-dump-help"],
        ["reports", "list", "--strata-route-json"], ["sync"], ["store", "check"], ["announcements", "post"],
        ["--verbose", "reports", "list"],
    ]

    @Test("each route command line reads as the tree parses it: the same action, words and shared options", arguments: read)
    func readsAsTheTreeParses(arguments: [String]) throws {
        let fast = try #require(RouteFastPath.parse(arguments))
        let parsed = try #require(try HostCommand.parseAsRoot(arguments) as? any HostSubcommand)
        #expect(fast.verbose == parsed.verbose)
        #expect(fast.configPath == parsed.configPath)
        let routed = try #require(parsed as? any TreeRouteCommand)
        #expect(fast.declaration.pattern == routed.routeDeclaration.pattern)
        #expect(fast.words == routed.routeWords)
    }

    @Test("the fast path knows every route family the command tree lists, by the tree's names")
    func knowsEveryRouteFamily() {
        var treeNames: [String] = []
        for command in HostCommand.configuration.subcommands {
            guard let family = command as? any RouteFamily.Type else { continue }
            #expect(family.familyName == command._commandName)
            treeNames.append(family.familyName)
        }
        let fastNames = RouteFastPath.families.map { family in family.familyName }
        #expect(fastNames == treeNames)
    }

    @Test("help, versions, completions, usage errors and commands that are no route command are left to the tree", arguments: leftToTheTree)
    func leavesTheRestToTheTree(arguments: [String]) {
        #expect(RouteFastPath.parse(arguments) == nil)
    }
}

/// A ``RouteCommand`` as the tree parsed it, whatever its micro-app and slot.
private protocol TreeRouteCommand {
    var routeDeclaration: RouteDeclaration { get }
    var routeWords: [String] { get }
}

extension RouteCommand: TreeRouteCommand {
    var routeDeclaration: RouteDeclaration { Self.declaration }
    var routeWords: [String] { words }
}
