import Foundation
import Logging
import StrataContainer
import StrataCrossCutting
import StrataData
import StrataDomain
import StrataHostKit
import StrataSync
import Synchronization
import Testing

/// Routes once: every action of Reports and FollowUps is one `RouteDeclaration`, from which the
/// `strata://` URL form, the `strata-host` command and its help are read.
@Suite("routes once: one declaration per action gives the URL form, the command form and the help")
struct RouteDeclarationTests {
    /// Every declared action of strata-host's micro-apps (Reports, FollowUps, Announcements).
    static var declarations: [RouteDeclaration] { HostRegistry.routeDeclarations }

    /// Words that give every parameter of `declaration` a value its kind reads.
    static func words(for declaration: RouteDeclaration) -> [String] {
        var words = declaration.identifier == nil ? [] : ["r-1"]
        // follows due takes --days or --from/--to (its usageCheck): give the period.
        for parameter in declaration.parameters where !(declaration.usageCheck != nil && parameter.name == "days") {
            switch parameter.kind {
            case .flag: words.append("--\(parameter.option)")
            case .wholeNumber(let range, _): words += ["--\(parameter.option)", String(range.lowerBound)]
            case .number: words += ["--\(parameter.option)", "120"]
            case .choice(let choices), .choices(let choices): words += ["--\(parameter.option)", choices[0]]
            case .day: words += ["--\(parameter.option)", "2026-12-01"]
            case .identifier: words += ["--\(parameter.option)", "r-2"]
            case .text: words += ["--\(parameter.option)", "some text"]
            }
        }
        if declaration.json != nil { words.append("--json") }
        return words
    }

    @Test("the command form of every declared action gives exactly the parameters its URL form accepts, and reaches that same action")
    func commandAndURLAcceptTheSameParameters() throws {
        for declaration in Self.declarations where declaration.command != nil {
            let words = Self.words(for: declaration)
            let arguments = try declaration.commandLine(words)
            let params = declaration.params(arguments)
            let family = Self.declarations.filter { $0.family == declaration.family }
            let matched = try #require(try RouteDeclaration.match(params, in: family), "\(declaration.pattern)")
            #expect(matched.declaration.name == declaration.name, "\(declaration.pattern)")
            #expect(matched.id == arguments.id, "\(declaration.pattern)")
            let given = Set(params.keys).subtracting([LaunchParameters.pathKey])
            #expect(given.isSubset(of: Set(declaration.acceptedKeys)), "\(declaration.pattern): \(given)")
            // Every parameter the URL accepts (but format, which --json gives) has its option.
            let options = Set(declaration.parameters.map(\.name))
            #expect(options == Set(declaration.acceptedKeys).subtracting([RouteDeclaration.formatKey]))
            // And a key the declaration does not list is refused by the URL form, naming the accepted ones.
            var unknown = params
            unknown["nosuchkey"] = "1"
            #expect(throws: ContainerError.self) { try RouteDeclaration.match(unknown, in: family) }
        }
    }

    @Test("--help of every derived command lists every declared parameter with its help, the id and --json")
    func helpListsEveryParameter() async throws {
        let host = try await HostHarness()
        for declaration in Self.declarations {
            guard let command = declaration.command else { continue }
            let help = await host.run(declaration.family, command, "--help")
            #expect(help.status == 0, "\(help)")
            #expect(help.stdout.contains(declaration.abstract.prefix(30)), "\(declaration.pattern): \(help)")
            for parameter in declaration.parameters {
                #expect(help.stdout.contains("--\(parameter.option)"), "\(parameter.name) missing: \(help)")
                #expect(help.stdout.contains(parameter.help.prefix(30)), "\(parameter.name)'s help missing: \(help)")
            }
            let long = help.stdout.split(separator: "\n").filter { $0.count > 80 }
            #expect(long.isEmpty, "lines ArgumentParser would break without their indent: \(long)")
            if declaration.identifier != nil { #expect(help.stdout.contains("<id>"), "\(help)") }
            if declaration.json != nil { #expect(help.stdout.contains("--json"), "\(help)") }
            for example in declaration.examples {
                #expect(help.stdout.contains(example.prefix(40)), "\(example): \(help)")
            }
        }
        #expect(host.launches.isEmpty)
    }

    @Test("a link (open --headless) is refused an action exactly when its declaration marks it destructive; the typed command is not")
    func destructiveIsWhatALinkIsRefused() async throws {
        let host = try await HostHarness()
        let id = try await host.addReport("Hanako Sato")
        for declaration in Self.declarations where declaration.command != nil {
            let words = Self.words(for: declaration).map { $0 == "r-1" || $0 == "r-2" ? id : $0 }
            let arguments = try declaration.commandLine(words)
            var url = URLComponents()
            url.scheme = "strata"
            url.host = declaration.family
            let path = declaration.path(arguments)
            url.path = path.isEmpty ? "" : "/" + path.joined(separator: "/")
            let query = declaration.query(arguments)
            if !query.isEmpty { url.queryItems = query.map { URLQueryItem(name: $0.0, value: $0.1) } }
            let link = await host.run("open", "--headless", try #require(url.string))
            #expect(link.stderr.contains("without asking") == declaration.destructive, "\(declaration.pattern): \(link)")
            let typed = await host.run([declaration.family, try #require(declaration.command)] + words.filter { $0 != "--json" })
            #expect(!typed.stderr.contains("without asking"), "\(declaration.pattern): \(typed)")
        }
    }

    @Test("every declared family's commands are strata-host subcommands, in the declared order")
    func everyCommandIsASubcommand() async throws {
        let host = try await HostHarness()
        for family in ["reports", "follows", "announcements"] {
            let help = await host.run(family, "--help")
            let commands = Self.declarations.filter { $0.family == family }.compactMap(\.command)
            let positions = commands.map { help.stdout.range(of: "  \($0) ")?.lowerBound }
            #expect(!positions.contains(nil), "\(commands): \(help)")
            #expect(positions.compactMap(\.self) == positions.compactMap(\.self).sorted(), "\(help)")
        }
    }
}

/// A one-shot command boots only what its route uses.
@Suite("a one-shot command boots only the micro-app its route names and the services that micro-app uses")
struct OneShotBootTests {
    @Test(
        "reports add starts only the Reports micro-app (never the Launcher or another) and only the domain and clock services",
        arguments: [
            ["reports", "add", "--patient-name", "Hanako Sato", "--age", "42"],
            ["follows", "due", "--days", "7"],
            ["open", "--headless", "strata://reports?search=sato"],
        ])
    func oneShotBootsOnlyWhatItUses(arguments: [String]) async throws {
        let host = try await HostHarness()
        let records = BootRecords()
        let output = CapturedOutput()
        let status = await StrataHostCLI.run(arguments: arguments, environment: [:], output: output.sink) { _ in
            var logger = Logger(label: "one-shot") { _ in BootRecordingHandler(records: records) }
            logger.logLevel = .debug
            return HostRuntime(
                domain: host.domain, clock: host.clock, notices: host.data.notices, logger: logger,
                location: host.data.location,
                sync: host.sync, session: host.data.session)
        }
        #expect(status == 0, "\(output.stderr)")
        let route = arguments[0] == "open" ? "Reports" : (arguments[0] == "reports" ? "Reports" : "FollowUps")
        let apps = records.values("start micro-app", key: "app")
        #expect(apps.contains(route), "\(apps)")
        #expect(!apps.contains("Launcher"), "\(apps)")
        #expect(Set(apps).isSubset(of: ["OneShot", route]), "\(apps)")
        let services = records.values("service started", key: "service")
        #expect(Set(services).isSubset(of: ["domain", "clock"]), "\(services)")
    }
}

/// The container's log lines a test reads: (message, metadata).
final class BootRecords: Sendable {
    private let lines = Mutex<[(String, [String: String])]>([])

    func append(_ message: String, _ metadata: [String: String]) { lines.withLock { $0.append((message, metadata)) } }

    /// The metadata `key` of each line saying `message`.
    func values(_ message: String, key: String) -> [String] {
        lines.withLock { $0.filter { $0.0 == message }.compactMap { $0.1[key] } }
    }
}

/// A log handler keeping every line in ``BootRecords``.
struct BootRecordingHandler: LogHandler {
    let records: BootRecords
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .debug

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        var values: [String: String] = [:]
        for (key, value) in metadata.merging(event.metadata ?? [:], uniquingKeysWith: { $1 }) { values[key] = "\(value)" }
        records.append("\(event.message)", values)
    }
}
