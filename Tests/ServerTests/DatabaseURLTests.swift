import Foundation
import Logging
import StrataServerDomain
import StrataTestSupport
import Testing

@testable import StrataServerData

/// A database URL as an operator writes it, right or wrong: every message shows it with its
/// credentials masked, a `%` that is not an escape is refused naming the part, and an IPv6
/// address in brackets is an address, not a name to look up.
@Suite("database URLs: masked in messages, checked, IPv6 literals")
struct DatabaseURLTests {
    @Test(
        "a URL refused for any reason is one usage line with no part of its password",
        arguments: [
            "user:hunter2@db.internal/strata", "postgres:/user:hunter2@db.internal/strata", "postgres:user:hunter2@db/strata",
            "mysql://user:hunter2@db/strata", "postgres://user:hunter2@/strata", "postgres://user:hunter2@db",
            "postgres://user:hunter2@db/strata?password=hunter2", "postgres://user:hun%zzter2@db/strata",
            "postgres://:hunter2@db/strata", "hunter2",
        ])
    func refusedWithoutThePassword(url: String) async throws {
        let outcome = try await TestServer.run(["migrate", "--database", url])
        #expect(outcome.status == 64, "\(outcome)")
        #expect(outcome.stderr.split(separator: "\n").count == 1, "\(outcome)")
        #expect(outcome.stderr.hasPrefix("strata-server: --database: "), "\(outcome)")
        for part in ["hunter2", "hunter", "zzter2"] where url != "hunter2" {
            #expect(!outcome.stderr.contains(part) && !outcome.stdout.contains(part), "\(part): \(outcome)")
        }
    }

    @Test("masking keeps the user, host and database and hides every credential")
    func masking() {
        #expect(PostgresURL.masked("postgres://strata:s3cret@db:5432/strata") == "postgres://strata:***@db:5432/strata")
        #expect(PostgresURL.masked("postgres://strata@db/strata") == "postgres://strata@db/strata")
        #expect(PostgresURL.masked("postgres://strata:p@ss@db/strata") == "postgres://strata:***@db/strata")
        #expect(PostgresURL.masked("user:s3cret@db/strata") == "***@db/strata")
        #expect(PostgresURL.masked("postgres:/user:s3cret@db/strata") == "***@db/strata")
        #expect(PostgresURL.masked("postgres://db/strata?password=s3cret&sslmode=require&password=again")
            == "postgres://db/strata?password=***&sslmode=require&password=***")
    }

    @Test("a % in the password not followed by two hex digits is refused naming the password, the URL masked")
    func badEscapeInPassword() throws {
        let error = #expect(throws: ServerDataError.self) { try PostgresURL("postgres://strata:ab%zzcd@db/strata") }
        #expect(error?.code == .invalidConfiguration)
        #expect(error?.message.contains("'postgres://strata:***@db/strata' has a % in its password that is not followed by two hex digits") == true,
            "\(String(describing: error))")
        #expect(error?.message.contains("zz") == false)
        let user = #expect(throws: ServerDataError.self) { try PostgresURL("postgres://str%4@db/strata") }
        #expect(user?.message.contains("in its user") == true, "\(String(describing: user))")
    }

    @Test("escapes are decoded once: %2541 in a password is %41, @ and : in a password work when escaped")
    func decodedOnce() throws {
        #expect(try PostgresURL("postgres://strata:a%2541@db/strata").password == "a%41")
        #expect(try PostgresURL("postgres://strata:p%40ss%3Aword@db/strata").password == "p@ss:word")
        #expect(try PostgresURL("postgres://st%72ata@db/str%61ta").user == "strata")
        #expect(try PostgresURL("postgres://strata@db/str%61ta").database == "strata")
    }

    @Test("a bracketed IPv6 host is an address: no brackets in what is connected to, brackets in the place shown")
    func ipv6Literal() throws {
        let url = try PostgresURL("postgres://strata:pw@[::1]:5433/strata")
        #expect(url.host == "::1")
        #expect(url.port == 5433)
        #expect(url.place == "[::1]:5433/strata")
    }

    @Test(
        "a bracketed host that is not an IPv6 address is refused as malformed, never looked up by name",
        arguments: ["[zz]", "[db.internal]", "[1.2.3.4]", "[::g]", "[]"])
    func bracketedNonAddressIsRefused(host: String) throws {
        let error = #expect(throws: ServerDataError.self) { try PostgresURL("postgres://u:pw@\(host):5432/db") }
        #expect(error?.code == .invalidConfiguration)
        #expect(error?.message.contains("'postgres://u:***@\(host):5432/db'") == true, "\(String(describing: error))")
        #expect(error?.message.contains("is not an IPv6 address") == true || host == "[]", "\(String(describing: error))")
        #expect(try PostgresURL("postgres://u:pw@[fe80::1%25eth0]:5432/db").host == "fe80::1%eth0")
        #expect(try PostgresURL("postgres://u:pw@[::ffff:1.2.3.4]:5432/db").host == "::ffff:1.2.3.4")
    }

    @Test("admin user list with a bracketed host that is not an address exits 64 in one line, no DNS answer")
    func bracketedNonAddressFromTheCommandLine() async throws {
        let outcome = try await TestServer.run(["admin", "user", "list", "--database", "postgres://u:pw@[zz]:5432/db"])
        #expect(outcome.status == 64, "\(outcome)")
        #expect(outcome.stderr.split(separator: "\n").count == 1, "\(outcome)")
        #expect(outcome.stderr.contains("'[zz]' as its host, which is not an IPv6 address"), "\(outcome)")
    }

    @Test("migrate on [::1] connects to that address (refused on a closed port), never looks it up as a name")
    func ipv6Connects() async throws {
        let url = try await TestPostgres.database()
        let v6 = url.replacingOccurrences(of: "@127.0.0.1:", with: "@[::1]:")
        #expect(v6 != url, "the test cluster's URL: \(url)")
        let outcome = try await TestServer.run(["migrate", "--database", v6])
        if outcome.status != 0 {
            // The cluster not listening on ::1: the attempt must still be a connection to ::1, not a DNS look-up of "[::1]".
            #expect(outcome.stderr.contains("cannot connect to PostgreSQL at [::1]:"), "\(outcome)")
            #expect(outcome.stderr.contains("the connection was refused: nothing listens on [::1]:"), "\(outcome)")
        }
        let closed = try await TestServer.run(["migrate", "--database", "postgres://strata:pw@[::1]:1/strata"])
        #expect(closed.status == 1, "\(closed)")
        #expect(closed.stderr.contains("the connection was refused: nothing listens on [::1]:1"), "\(closed)")
    }
}

/// A data layer whose readiness check fails with `error` (everything else is a real SQLite one).
final class FailingReadyLayer: ServerDataLayer {
    let real: any ServerDataLayer
    let error: ServerDataError
    var control: any ControlStore { real.control }

    init(_ real: any ServerDataLayer, error: ServerDataError) {
        self.real = real
        self.error = error
    }

    func pushSignals() -> AsyncStream<PushSignal>? { nil }
    func checkReady() async throws { throw error }
    func close() async throws { try await real.close() }
    func appStore(appId: String, version: String) async throws -> any AppObjectStore {
        try await real.appStore(appId: appId, version: version)
    }
}

@Suite("readiness tells an anonymous probe nothing about where the database is")
struct ReadinessPrivacyTests {
    @Test("a database that cannot be reached or fails is 'the database is unavailable'; a schema mismatch keeps its advice")
    func reasons() async throws {
        let logger = Logger(label: "ready") { _ in SwiftLogNoOpLogHandler() }
        let real = try await ServerDataFactory.sqlite(directory: TemporaryRoot.directory("ready-privacy"), logger: logger)
        let patient = ServerSettings(readinessTimeout: Patience.childProcess)  // not the probe's 2 s on a loaded machine
        for code in [ServerDataError.Code.unavailable, .storage] {
            let layer = FailingReadyLayer(
                real, error: ServerDataError(code, "no connection to PostgreSQL at db.internal:5432/strata within 5 s"))
            let readiness = await ServerDomainFactory.make(data: layer, clock: MutableClock(), settings: patient, logger: logger).readiness()
            #expect(readiness == .notReady("the database is unavailable"), "\(code)")
        }
        let newer = FailingReadyLayer(
            real, error: ServerDataError(.cannotOpen, "the database has schema version 10, newer than this server's 9: …"))
        let readiness = await ServerDomainFactory.make(data: newer, clock: MutableClock(), settings: patient, logger: logger).readiness()
        #expect(readiness.reason.hasPrefix("the database has schema version 10, newer than this server's 9"))
        try await real.close()
    }

    @Test("a database that never answers is not ready after the settings' readiness timeout, which the answer names")
    func silentDatabase() async throws {
        let logger = Logger(label: "ready") { _ in SwiftLogNoOpLogHandler() }
        let real = try await ServerDataFactory.sqlite(directory: TemporaryRoot.directory("ready-silent"), logger: logger)
        let services = ServerDomainFactory.make(
            data: SilentReadyLayer(real), clock: MutableClock(), settings: ServerSettings(readinessTimeout: .seconds(1)),
            logger: logger)
        #expect(await services.readiness() == .notReady("the database did not answer within 1 s"))
        #expect(ServerSettings().readinessTimeout == .seconds(2), "a load balancer's probe gets its answer within 2 s")
        try await real.close()
    }
}

/// A data layer whose readiness check never answers until it is cancelled (everything else is
/// a real SQLite one).
final class SilentReadyLayer: ServerDataLayer {
    let real: any ServerDataLayer
    var control: any ControlStore { real.control }

    init(_ real: any ServerDataLayer) { self.real = real }

    func pushSignals() -> AsyncStream<PushSignal>? { nil }
    func checkReady() async throws { try await Task.sleep(for: .seconds(3600)) }
    func close() async throws { try await real.close() }
    func appStore(appId: String, version: String) async throws -> any AppObjectStore {
        try await real.appStore(appId: appId, version: version)
    }
}
