import ArgumentParser
import Foundation
import Logging
import NIOCore
import StrataCrossCutting
import StrataServerDomain
import StrataWire
import Synchronization

/// `strata-server serve`: runs the HTTP API until SIGTERM or SIGINT.
struct ServeCommand: KitCommand {
    static let createsStorage = true
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the JSON API (OpenAPI document at /openapi.json) until SIGTERM or SIGINT.",
        discussion: "Probes: GET /health/live (200 while the process serves) and GET /health/ready (200 when the "
            + "database answers and its migrations are current, else 503 with the reason), both without a token. "
            + "At start the soft open-file limit (RLIMIT_NOFILE) is raised to the hard limit; a "
            + "--max-connections the limit cannot hold (128 descriptors are kept for SQLite and the listener) "
            + "is lowered, with a warning. On SIGTERM or SIGINT the server stops accepting, answers waiting long polls "
            + "at once, lets requests in flight finish, closes the connections of those still running after "
            + "--shutdown-grace, closes the database (PostgreSQL's pooled connections; SQLite's files, checkpointed), "
            + "and exits 0; a database that does not close within --shutdown-grace more exits 1 saying so.")

    @Option(name: .long, parsing: .unconditional, help: "The TCP port (0: any free port; the chosen one is printed).")
    var port = 8080

    @Option(name: .long, help: "The address to listen on.")
    var host = "127.0.0.1"

    @Option(name: .long, parsing: .unconditional, help: "How many seconds a login token stays valid (at most ten years).")
    var tokenLifetime = 86_400

    @Option(
        name: .long, parsing: .unconditional,
        help: ArgumentHelp(
            "Seconds a request head may take, from the connection's opening or the request's first byte; "
                + "a late one gets 408 and the connection is closed.")
    )
    var headerTimeout = 10

    @Option(
        name: .long, parsing: .unconditional,
        help: ArgumentHelp(
            "Seconds a request body may take after its head; a connection whose body is still arriving "
                + "then is closed.")
    )
    var bodyTimeout = 60

    @Option(
        name: .long, parsing: .unconditional,
        help: ArgumentHelp(
            "Seconds a keep-alive connection may wait for its next request before it is closed "
                + "(a long poll in flight is not idle).")
    )
    var idleTimeout = 60

    @Option(
        name: .long, parsing: .unconditional,
        help: ArgumentHelp(
            "Connections open at once; at the cap a new one closes the longest-waiting connection without "
                + "a request in flight, or gets 503 when all have one (long polls count).")
    )
    var maxConnections = 512

    @Option(
        name: .long, parsing: .unconditional,
        help: ArgumentHelp(
            "Milliseconds between checks for push messages another process stored on SQLite (admin push); "
                + "PostgreSQL signals them instead.", visibility: .hidden)
    )
    var pushCheckInterval = 200

    @Option(
        name: .long, parsing: .unconditional,
        help: ArgumentHelp(
            "Seconds a request in flight may still run after SIGTERM or SIGINT before its connection is closed "
                + "(waiting long polls are answered at once).")
    )
    var shutdownGrace = 10

    @Option(
        name: .long,
        help: ArgumentHelp(
            "An object type only a group's lead (or an administrator) may create and edit, as announcements are "
                + "posted; repeat for several (default: Announcement).", valueName: "type")
    )
    var leadPostedType: [String] = []

    @Option(
        name: .long,
        help: ArgumentHelp(
            "A type whose updates the server refuses when a field they change was changed by another user since "
                + "the device's copy (the device is told, with the current object), even if the app asked to merge; "
                + "repeat for several (default: each change's own policy, merge unless the app declares otherwise).",
            valueName: "type=fail-if-changed")
    )
    var conflictPolicy: [String] = []

    @Option(name: .long, help: ArgumentHelp("A PEM certificate chain: serve HTTPS (needs --tls-key).", valueName: "file"))
    var tlsCert: String?

    @Option(name: .long, help: ArgumentHelp("The PEM private key of --tls-cert.", valueName: "file"))
    var tlsKey: String?

    @OptionGroup var common: CommonOptions

    @OptionGroup(title: "Login limits") var protection: ProtectionOptions

    /// The longest `--token-lifetime`: ten years.
    static let maxTokenLifetime = 315_360_000

    var defaultLogLevel: Logger.Level { .info }

    /// Whether `name` is a type name the server accepts (`[A-Za-z][A-Za-z0-9_]{0,63}`).
    static func isTypeName(_ name: String) -> Bool {
        let bytes = Array(name.utf8)
        func letter(_ byte: UInt8) -> Bool { (65...90).contains(byte) || (97...122).contains(byte) }
        guard let first = bytes.first, letter(first), bytes.count <= 64 else { return false }
        return bytes.allSatisfy { letter($0) || (48...57).contains($0) || $0 == UInt8(ascii: "_") }
    }
    var closeDeadline: Duration { .seconds(shutdownGrace) }
    var settings: ServerSettings {
        ServerSettings(
            tokenLifetime: Double(tokenLifetime), pushCheckInterval: .milliseconds(pushCheckInterval),
            leadPostedTypes: leadPostedType.isEmpty ? ServerSettings.defaultLeadPostedTypes : Set(leadPostedType),
            conflictPolicies: (try? Self.conflictPolicies(conflictPolicy)) ?? [:])
    }

    /// The policies `--conflict-policy` names (`TYPE=fail-if-changed` each), or the error
    /// naming the first value that is not of that form.
    static func conflictPolicies(_ values: [String]) throws -> [String: WireConflictPolicy] {
        var policies: [String: WireConflictPolicy] = [:]
        for value in values {
            let parts = value.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            // Only the stricter policy: merge is what every type has unless its app declares otherwise.
            guard parts.count == 2, isTypeName(parts[0]), parts[1] == WireConflictPolicy.failIfChanged.rawValue else {
                throw ValidationError(
                    "--conflict-policy '\(value.prefix(80))' is not of the form TYPE=fail-if-changed (TYPE a letter then up to "
                        + "63 letters, digits or _)")
            }
            policies[parts[0]] = .failIfChanged
        }
        return policies
    }

    /// What the server logs at start about `policies` (``ServerSettings/conflictPolicies``): none
    /// without `--conflict-policy` (a failing start stays one line), else one line naming them
    /// (type names are case-sensitive), and a warning for each type name that
    /// starts with a small letter, as no type of the reference app does (`casereport` is not
    /// `CaseReport`).
    static func conflictPolicyLines(_ policies: [String: WireConflictPolicy]) -> [(Logger.Level, String)] {
        guard !policies.isEmpty else { return [] }
        let named = policies.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value.rawValue)" }
        var lines: [(Logger.Level, String)] = [(.info, "conflict policies: \(named.joined(separator: ", ")) (type names are case-sensitive)")]
        for type in policies.keys.sorted() where type.first?.isLowercase == true {
            lines.append(
                (.warning, "--conflict-policy \(type): type names are case-sensitive; this applies only to a type named exactly '\(type)'"))
        }
        return lines
    }

    func validate() throws {
        guard (0...65_535).contains(port) else { throw ValidationError("--port \(port) is not a port; expected 0–65535") }
        guard (10...86_400_000).contains(pushCheckInterval) else {
            throw ValidationError("--push-check-interval \(pushCheckInterval) is out of range; expected 10–86400000 milliseconds")
        }
        // Ten years at most: a `validUntil` must stay a four-digit-year RFC 3339 date, and the
        // stored expiry must compare as text with the others.
        guard (1...Self.maxTokenLifetime).contains(tokenLifetime) else {
            throw ValidationError(
                "--token-lifetime \(tokenLifetime) is out of range; expected 1–\(Self.maxTokenLifetime) seconds (ten years)")
        }
        for type in leadPostedType where !Self.isTypeName(type) {
            throw ValidationError(
                "--lead-posted-type '\(type.prefix(80))' is not a type name; expected a letter then up to 63 letters, digits or _")
        }
        _ = try Self.conflictPolicies(conflictPolicy)
        guard (1...3_600).contains(headerTimeout) else {
            throw ValidationError("--header-timeout \(headerTimeout) is out of range; expected 1–3600 seconds")
        }
        guard (1...3_600).contains(bodyTimeout) else {
            throw ValidationError("--body-timeout \(bodyTimeout) is out of range; expected 1–3600 seconds")
        }
        guard (1...86_400).contains(idleTimeout) else {
            throw ValidationError("--idle-timeout \(idleTimeout) is out of range; expected 1–86400 seconds")
        }
        guard (tlsCert == nil) == (tlsKey == nil) else {
            throw ValidationError(
                tlsCert == nil ? "--tls-key needs --tls-cert (the certificate it belongs to)" : "--tls-cert needs --tls-key (its private key)")
        }
        guard (1...3_600).contains(shutdownGrace) else {
            throw ValidationError("--shutdown-grace \(shutdownGrace) is out of range; expected 1–3600 seconds")
        }
        guard (1...1_000_000).contains(maxConnections) else {
            throw ValidationError("--max-connections \(maxConnections) is out of range; expected 1–1000000")
        }
    }

    func execute(_ run: CommandRun) async throws {
        let output = run.output
        for (level, line) in Self.conflictPolicyLines(settings.conflictPolicies) { run.logger.log(level: level, "\(line)") }
        let limits = ConnectionLimits(
            headerTimeout: .seconds(headerTimeout), bodyTimeout: .seconds(bodyTimeout), idleTimeout: .seconds(idleTimeout),
            maxConnections: Self.connectionCap(maxConnections, fileLimit: OpenFileLimit.raiseToHard(), logger: run.logger),
            shutdownGrace: .seconds(shutdownGrace))
        let tls: ServerTLS?
        if let tlsCert, let tlsKey {
            do {
                tls = try ServerTLS(certificatePath: tlsCert, keyPath: tlsKey)
            } catch let error as ServerTLSError {
                throw LaunchUsageError(message: error.message)
            }
        } else {
            tls = nil
        }
        let scheme = tls == nil ? "http" : "https"
        let listening = Atomic(false)
        do {
            try await StrataHTTPServer.run(
                services: run.services, host: host, port: port, limits: limits, logger: run.logger, handleSignals: true,
                protections: protection.protections, metrics: run.metrics, tls: tls, consoleLanguage: run.consoleLanguage
            ) { bound in
                listening.store(true, ordering: .relaxed)
                output.out("strata-server: listening on \(scheme)://\(host):\(bound)")
            }
        } catch let error as IOError where !listening.load(ordering: .relaxed) {
            // `bind(descriptor:ptr:bytes:): Address already in use) (errno: 98)` says it in C.
            throw ServerError(.conflict, "cannot listen on \(host):\(port): \(String(cString: strerror(error.errnoCode)))")
        } catch is SocketAddressError.UnknownHost where !listening.load(ordering: .relaxed) {
            throw ServerError(.badRequest, "cannot listen on \(host):\(port): --host \(host) is no address or known host name")
        }
    }

    /// `requested`, or less when the open-file limit cannot hold it; logs what the limit is.
    static func connectionCap(_ requested: Int, fileLimit: OpenFileLimit.Outcome, logger: Logger) -> Int {
        let metadata: Logger.Metadata = ["soft": "\(fileLimit.after)", "hard": "\(fileLimit.hard)"]
        if let failure = fileLimit.failure {
            logger.warning("could not raise the open-file limit: \(failure)", metadata: metadata)
        } else if fileLimit.after > fileLimit.before {
            logger.info("raised the open-file limit from \(fileLimit.before) to \(fileLimit.after)", metadata: metadata)
        } else {
            logger.debug("the open-file limit is already at its hard limit", metadata: metadata)
        }
        guard requested > fileLimit.connectionRoom else { return requested }
        let message = "--max-connections \(requested) exceeds what the open-file limit \(fileLimit.after) holds; "
            + "using \(fileLimit.connectionRoom)"
        logger.warning("\(message)", metadata: metadata)
        return fileLimit.connectionRoom
    }
}
