import Foundation
import StrataServerDomain
import StrataTestSupport
import Testing

/// `strata-server admin group members|add-member|remove-member|set-role` and `admin
/// administrator grant|revoke|list` as a child process, with `--json`, on both engines.
@Suite("strata-server admin: memberships, roles and administrators")
struct MembershipCommandTests {
    @Test("members are added, listed, given another role and removed; --json prints what was done", arguments: TestEngine.allCases)
    func membershipCommands(engine: TestEngine) async throws {
        let storage = try await Self.storage(engine)
        func admin(_ arguments: [String], stdin: String? = nil) async throws -> StrataProcess.Outcome {
            try await TestServer.run(["admin"] + arguments + storage, stdin: stdin)
        }
        #expect(try await admin(["group", "create", "nurses"]).status == 0)
        let doctors = try await admin(["group", "create", "doctors", "--json"])
        #expect(try JSONDecoder().decode(AdminGroup.self, from: Data(doctors.stdout.utf8)).name == "doctors", "\(doctors)")
        let groups = try await admin(["group", "list", "--json"])
        #expect(try JSONDecoder().decode([AdminGroup].self, from: Data(groups.stdout.utf8)).map(\.name) == ["doctors", "nurses"], "\(groups)")
        #expect(groups.stdout.split(separator: "\n").count == 1, "\(groups)")
        #expect(try await admin(["user", "create", "alice", "--password-stdin", "--group", "nurses:lead"], stdin: TestServer.password + "\n").status == 0)
        #expect(try await admin(["user", "create", "carol", "--password-stdin"], stdin: TestServer.password + "\n").status == 0)

        let added = try await admin(["group", "add-member", "nurses", "carol"])
        #expect(added.status == 0 && added.stdout == "added carol to nurses as member\n", "\(added)")
        let json = try await admin(["group", "add-member", "doctors", "carol", "--role", "lead", "--json"])
        let member = try JSONDecoder().decode(AdminMember.self, from: Data(json.stdout.utf8))
        #expect(member.group == "doctors" && member.account == "carol" && member.role == "lead", "\(json)")
        #expect(json.stdout.split(separator: "\n").count == 1)

        let listed = try await admin(["group", "members", "nurses", "--json"])
        #expect(try JSONDecoder().decode([AdminMember].self, from: Data(listed.stdout.utf8)).map { "\($0.account):\($0.role)" } == ["alice:lead", "carol:member"])
        let role = try await admin(["group", "set-role", "nurses", "carol", "lead"])
        #expect(role.stdout == "carol is now lead of nurses\n", "\(role)")
        #expect(try await admin(["group", "members", "nurses"]).stdout.contains("carol\t\(member.userId)\tlead"))
        let removed = try await admin(["group", "remove-member", "nurses", "carol", "--json"])
        #expect(try JSONDecoder().decode(AdminMember.self, from: Data(removed.stdout.utf8)).role == "lead", "\(removed)")
        #expect(try await admin(["user", "list"]).stdout.contains("carol\t\(member.userId)\tdoctors:lead"))

        let granted = try await admin(["administrator", "grant", "carol", "--json"])
        #expect(try JSONDecoder().decode(AdminUser.self, from: Data(granted.stdout.utf8)).account == "carol", "\(granted)")
        let admins = try await admin(["administrator", "list", "--json"])
        #expect(try JSONDecoder().decode([AdminUser].self, from: Data(admins.stdout.utf8)).map(\.account) == ["carol"])
        #expect(try await admin(["administrator", "revoke", "carol"]).stdout == "carol is no longer an administrator\n")
        #expect(try await admin(["administrator", "list"]).stdout.isEmpty)
    }

    @Test("an unknown user, group or membership is one line and exit 1; an unknown role or a missing argument is a usage error, 64")
    func failures() async throws {
        let storage = try await Self.storage(.sqlite)
        func admin(_ arguments: [String], stdin: String? = nil) async throws -> StrataProcess.Outcome {
            try await TestServer.run(["admin"] + arguments + storage, stdin: stdin)
        }
        #expect(try await admin(["group", "create", "nurses"]).status == 0)
        #expect(try await admin(["user", "create", "alice", "--password-stdin", "--group", "nurses"], stdin: TestServer.password + "\n").status == 0)
        let runtime: [([String], String)] = [
            (["group", "add-member", "nurses", "zed"], "no user named 'zed'; create it with `admin user create`"),
            (["group", "add-member", "ghosts", "alice"], "no group named 'ghosts'; create it with `admin group create`"),
            (["group", "add-member", "nurses", "alice"], "alice is already a member of nurses (member); change the role with `admin group set-role`"),
            (["group", "remove-member", "nurses", "zed"], "no user named 'zed'; create it with `admin user create`"),
            (["group", "members", "ghosts", "--json"], "no group named 'ghosts'; create it with `admin group create`"),
            (["administrator", "grant", "zed"], "no user named 'zed'; create it with `admin user create`"),
        ]
        #expect(try await admin(["group", "create", "doctors"]).status == 0)
        let notMember = try await admin(["group", "set-role", "doctors", "alice", "lead"])
        #expect(notMember.stderr == "strata-server: alice is not a member of doctors; add them with `admin group add-member`\n", "\(notMember)")
        for (arguments, message) in runtime {
            let outcome = try await admin(arguments)
            #expect(outcome.status == 1, "\(arguments): \(outcome)")
            #expect(outcome.stderr == "strata-server: \(message)\n", "\(arguments): \(outcome)")
        }
        for arguments in [
            ["group", "add-member", "nurses", "alice", "--role", "boss"], ["group", "set-role", "nurses", "alice", "Lead"],
            ["group", "add-member", "nurses"], ["group", "set-role", "nurses", "alice"], ["administrator", "grant"],
        ] {
            let outcome = try await admin(arguments)
            #expect(outcome.status == 64, "\(arguments): \(outcome)")
            #expect(outcome.stderr.hasPrefix("strata-server: "), "\(arguments): \(outcome)")
            if arguments.contains("boss") || arguments.contains("Lead") {
                #expect(outcome.stderr.contains("is unknown; expected lead or member"), "\(outcome)")
            }
        }
        // `user create --group` with a bad role or a malformed pair: a usage error, one line naming --group.
        for value in ["nurses:boss", "nurses:", ":lead", "", "nurses:lead:x"] {
            let outcome = try await admin(["user", "create", "bob", "--password", "long enough", "--group", value])
            #expect(outcome.status == 64, "\(value): \(outcome)")
            #expect(
                outcome.stderr.hasPrefix("strata-server: --group '\(value)' is not GROUP or GROUP:ROLE with ROLE lead or member"),
                "\(value): \(outcome)")
            #expect(outcome.stderr.split(separator: "\n").count == 1, "\(value): \(outcome)")
        }
        #expect(try await admin(["user", "list"]).stdout.contains("bob") == false)
    }

    /// `--data-dir` on a new temporary directory, or `--database` on a new PostgreSQL database.
    static func storage(_ engine: TestEngine) async throws -> [String] {
        let arguments = try await engine.databaseArguments()
        return arguments.isEmpty ? ["--data-dir", TemporaryRoot.directory("server-cli").path] : arguments
    }
}
