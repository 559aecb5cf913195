import Foundation
import StrataAccountApp
import StrataContainer
import StrataContainerTesting
import StrataSession
import StrataSync
import StrataSyncTesting
import Synchronization
import Testing

/// The Account micro-app and the Launcher's signed-in line, over a `SessionServiceDouble` as the
/// `session` service.
@Suite("Account micro-app")
struct AccountAppTests {
    /// The double's state: who is signed in, what waits, what each call saw.
    final class Server: Sendable {
        let user = Mutex<SessionUser?>(nil)
        let pending = Mutex(0)
        let reachable = Mutex(true)
        let passwords = Mutex<[String]>([])

        var double: SessionServiceDouble {
            var double = SessionServiceDouble()
            double.onCurrentUser = { self.user.withLock { $0 } }
            double.onSignIn = { account, password in
                self.passwords.withLock { $0.append(password) }
                guard password == "secret" else { throw SyncError(.loginRefused, "the server refused the login of \(account)") }
                let user = SessionUser(
                    userID: "u1", account: account, groups: [GroupRole(groupID: "g1", groupName: "Ward 1", roleName: "lead")])
                self.user.withLock { $0 = user }
                return user
            }
            double.onSignOut = { must in
                let pending = self.pending.withLock { $0 }
                if must {
                    guard self.reachable.withLock({ $0 }) else {
                        throw SyncError(
                            .signOutRefused,
                            "not signed out: \(pending) changes wait to be sent and the server must be told first, "
                                + "but that failed: the server cannot be reached")
                    }
                    self.pending.withLock { $0 = 0 }
                }
                let user = self.user.withLock { user in
                    defer { user = nil }
                    return user
                }
                return SignOutOutcome(user: user, syncedWithServer: must, keptChanges: must ? 0 : pending)
            }
            double.onStatus = { SessionFixtures.status(pending: self.pending.withLock { $0 }) }
            double.onSyncNow = {
                let sent = self.pending.withLock { count in
                    defer { count = 0 }
                    return count
                }
                return SessionFixtures.report(pushed: sent, pulled: 3)
            }
            return double
        }
    }

    private func boot(_ server: Server) async throws -> (MicroAppHarness, any RunningContainer) {
        let harness = try await MicroAppHarness()
        return (harness, try await SessionFixtures.boot(server.double, harness: harness))
    }

    @Test("sign in asks the name, then the password with echo off; the Launcher then shows who is signed in")
    func signInHidesThePassword() async throws {
        let server = Server()
        let (harness, container) = try await boot(server)
        #expect(harness.screen.contains("Not signed in"), "\(harness.screen)")
        await harness.type("account", into: container)
        #expect(harness.screen.contains("signed in as      nobody"), "\(harness.screen)")
        await harness.type("signin", into: container)
        #expect(harness.screen.contains("Account name"))
        #expect(harness.doubles.terminal.isEchoing)
        await harness.type("sigrid", into: container)
        #expect(harness.screen.contains("Password (not shown as you type"), "\(harness.screen)")
        #expect(!harness.doubles.terminal.isEchoing)
        await harness.type("secret", into: container)
        #expect(harness.doubles.terminal.isEchoing)
        #expect(harness.screen.contains("Signed in as sigrid (user u1); groups: Ward 1 (lead)."), "\(harness.screen)")
        #expect(harness.screen.contains("roles             lead"), "\(harness.screen)")
        #expect(server.passwords.withLock { $0 } == ["secret"])
        #expect(!harness.doubles.terminal.screens.joined().joined().contains("secret"))
        await harness.type("home", into: container)
        #expect(harness.screen.contains("Signed in as sigrid (Ward 1 (lead))"), "\(harness.screen)")
        await container.terminate(.quit)
    }

    @Test("the sign-in notice stays through a redraw nobody typed for (the signed-in event's) and goes with the next typed line")
    func signInNoticeSurvivesARedraw() async throws {
        let (harness, container) = try await boot(Server())
        await harness.type("account", "signin sigrid", "secret", into: container)
        #expect(harness.screen.contains("Signed in as sigrid (user u1)"), "\(harness.screen)")
        await container.render()
        #expect(harness.screen.contains("Signed in as sigrid (user u1)"), "a redraw wiped the notice:\n\(harness.screen)")
        await harness.type("", into: container)
        #expect(!harness.screen.contains("Signed in as sigrid (user u1)"), "\(harness.screen)")
        #expect(harness.screen.contains("signed in as      sigrid"), "\(harness.screen)")
        await container.terminate(.quit)
    }

    @Test("quitting while the password is asked for turns the terminal's echo back on")
    func quitRestoresEcho() async throws {
        let (harness, container) = try await boot(Server())
        await harness.type("account", "signin sigrid", into: container)
        #expect(!harness.doubles.terminal.isEchoing)
        await container.terminate(.quit)
        #expect(harness.doubles.terminal.isEchoing)
    }

    @Test("a refused password says so and leaves nobody signed in; an empty password cancels")
    func refusedAndCancelledSignIn() async throws {
        let server = Server()
        let (harness, container) = try await boot(server)
        await harness.type("account", "signin sigrid", "wrong", into: container)
        #expect(harness.screen.contains("Sign-in failed: the server refused the login of sigrid"), "\(harness.screen)")
        await harness.type("signin sigrid", "", into: container)
        #expect(harness.screen.contains("Sign-in cancelled."), "\(harness.screen)")
        #expect(harness.screen.contains("nobody"))
        #expect(harness.doubles.terminal.isEchoing)
        await container.terminate(.quit)
    }

    @Test("sign out keeps unsent changes for the next sign-in; sign out sync refuses while the server cannot be reached")
    func signOutWithAndWithoutServerSync() async throws {
        let server = Server()
        let (harness, container) = try await boot(server)
        await harness.type("account", "signin sigrid", "secret", into: container)
        server.pending.withLock { $0 = 2 }
        server.reachable.withLock { $0 = false }
        await harness.type("signout sync", into: container)
        #expect(harness.screen.contains("Not signed out: 2 changes wait to be sent"), "\(harness.screen)")
        #expect(harness.screen.contains("signed in as      sigrid"))
        await harness.type("signout", into: container)
        #expect(
            harness.screen.contains(
                "Signed out sigrid. 2 changes not yet sent stay on this device; they are sent when sigrid signs in again."),
            "\(harness.screen)")

        await harness.type("signin sigrid", "secret", into: container)
        server.reachable.withLock { $0 = true }
        await harness.type("signout sync", into: container)
        #expect(harness.screen.contains("Signed out sigrid: every pending change was sent and the server was told."), "\(harness.screen)")
        await container.terminate(.quit)
    }

    @Test("sync now reports what was sent and pulled; the status shows pending changes")
    func syncNow() async throws {
        let server = Server()
        server.pending.withLock { $0 = 1 }
        let (harness, container) = try await boot(server)
        await harness.type("account", into: container)
        #expect(harness.screen.contains("pending changes   1"), "\(harness.screen)")
        await harness.type("sync", into: container)
        #expect(harness.screen.contains("Synced: sent 1 change (0 rejected), pulled 3 objects, 0 kept local."), "\(harness.screen)")
        #expect(harness.screen.contains("pending changes   0"))
        await container.terminate(.quit)
    }

    @Test("strata://account prints the status in a scripted run")
    func scriptedStatus() async throws {
        let server = Server()
        server.user.withLock { $0 = SessionUser(userID: "u1", account: "sigrid") }
        let harness = try await MicroAppHarness()
        let container = try await SessionFixtures.boot(server.double, harness: harness, routes: true)
        let captured = CapturedConsole()
        await container.context.registerService(captured.console, name: ConsoleService.serviceName)
        #expect(try await container.open(try #require(URL(string: "strata://account"))))
        #expect(captured.text.contains("signed in as      sigrid (user u1)"), "\(captured.text)")
        #expect(captured.text.contains("server            http://127.0.0.1:9"))
        await container.terminate(.quit)
    }
}
