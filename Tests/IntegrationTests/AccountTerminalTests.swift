import Foundation
import StrataTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The Account micro-app in the real `strata-host`, in a pseudo-terminal, against the real
/// `strata-server`: sign in without echo, the device registration's hook, sync now, sign out
/// with server sync, the Launcher's signed-in line.
@Suite("Account micro-app in a terminal against strata-server", .childProcessSlot)
struct AccountTerminalTests {
    static let password = "a long password for tests"

    @Test("sign in (the password is not echoed), the device registers, sync now, sign out with server sync")
    func signInSyncSignOut() async throws {
        try await withTestServer(app: TestServer.casebook) { server in
            try await server.addUsers(["sigrid": "ward3"], password: Self.password)
            let home = temporaryHome()
            let tty = try PseudoTerminal()
            var environment = server.clientEnvironment
            environment["STRATA_LOG_LEVEL"] = "info"
            let (process, log) = try tty.startHost(home: home, environment: environment)
            let pid = process.processIdentifier
            defer { if process.isRunning { kill(pid, SIGKILL) } }

            try #require(await eventually { tty.screen.contains("— home") }, "no Launcher:\n\(tty.screen)")
            #expect(tty.screen.contains("Not signed in (open Account to sign in)"), "\(tty.screen)")
            tty.type("account")
            try #require(await eventually { tty.screen.contains("signed in as      nobody") }, "\(tty.screen)")
            tty.type("signin")
            try #require(await eventually { tty.screen.contains("Account name") }, "\(tty.screen)")
            tty.type("sigrid")
            try #require(await eventually { tty.screen.contains("Password (not shown as you type") }, "\(tty.screen)")
            tty.type(Self.password)
            try #require(await eventually { tty.screen.contains("Signed in as sigrid") }, "\(tty.screen)\n\(log.snapshot())")
            #expect(!tty.screen.contains(Self.password), "the password was echoed:\n\(tty.screen)")
            #expect(tty.screen.contains("ward3 (member)") || tty.screen.contains("ward3"), "\(tty.screen)")

            // The engine registered the device at the login: the container's did-register hook ran.
            try #require(
                await eventually { log.snapshot().contains("event: didRegisterForRemoteNotifications") }, "\(log.snapshot())")
            #expect(log.snapshot().contains("event: signedIn"))

            tty.type("sync")
            try #require(await eventually { tty.screen.contains("Synced: sent 0 changes") }, "\(tty.screen)")
            tty.type("signout sync")
            try #require(
                await eventually { tty.screen.contains("Signed out sigrid: every pending change was sent and the server was told.") },
                "\(tty.screen)")
            tty.type("home")
            try #require(
                await eventually { tty.screen.components(separatedBy: "— home").count > 2 }, "\(tty.screen)")
            #expect(tty.screen.components(separatedBy: "— home").last?.contains("Not signed in") == true)

            tty.type("quit")
            try #require(await eventually { !process.isRunning }, "still running after quit")
            process.waitUntilExit()
            #expect(process.terminationStatus == 0)
            #expect(await log.text().contains("event: signedOut"))
        }
    }

    @Test("the Account screen says where the data key is kept: the key file, and that there was no Secret Service at the first run")
    func dataKeyInTheKeyFile() async throws {
        let home = temporaryHome()
        let tty = try PseudoTerminal(columns: 180, rows: 40)
        let (process, log) = try tty.startHost(home: home, environment: [:])
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        try #require(await eventually { tty.screen.contains("— home") }, "no Launcher:\n\(tty.screen)\n\(log.snapshot())")

        tty.type("account")

        let line = "Data key: key file \(home.appendingPathComponent("keys/data.key").path) (no Secret Service at the first run)"
        #expect(await eventually { tty.screen.contains(line) }, "\(tty.screen)\n\(log.snapshot())")
        tty.type("quit")
        #expect(await eventually { !process.isRunning }, "still running after quit")
    }
}
