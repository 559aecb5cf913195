import Foundation
import StrataTestSupport
import Testing

/// `strata-server` and its SQLite data directory as an operator meets them: a command run in
/// the wrong folder says so instead of answering from a new, empty database; `STRATA_DATA_DIR`
/// names the directory; several processes starting on an empty directory at once all succeed.
@Suite("strata-server data directory", .childProcessSlot)
struct ServerDataDirectoryTests {
    /// A new, empty working folder (what the operator's current directory would be).
    static func folder() throws -> URL {
        let folder = TemporaryRoot.directory("server-cwd")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    static func server(_ environment: [String: String] = [:]) -> StrataProcess {
        StrataProcess("strata-server", home: nil, extraEnvironment: environment)
    }

    @Test("an admin command that only reads or changes data, run where there is none, refuses in one line naming the folder and creates nothing")
    func refusesAFolderWithoutData() async throws {
        let folder = try Self.folder()
        for arguments in [
            ["admin", "user", "list"], ["admin", "group", "list"], ["admin", "device", "list"], ["admin", "session", "list"],
            ["admin", "administrator", "grant", "alice"], ["admin", "logs"], ["admin", "user", "update", "alice", "--disable"],
        ] {
            let outcome = try await Self.server().run(arguments, shellPrefix: "cd '\(folder.path)'")
            #expect(outcome.status == 1, "\(arguments): \(outcome)")
            #expect(outcome.stdout.isEmpty, "\(arguments): \(outcome)")
            let lines = outcome.stderr.split(separator: "\n")
            #expect(lines.count == 1, "\(arguments): \(outcome)")
            #expect(
                outcome.stderr.hasPrefix("strata-server: no server data in \(folder.path)/strata-server-data: no control.sqlite there "
                    + "(the default directory: neither --data-dir nor STRATA_DATA_DIR is set)"),
                "\(arguments): \(outcome)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty, "nothing was created")

        // An explicit directory (existing but empty, or missing) is refused the same way, naming where it came from.
        let empty = folder.appendingPathComponent("empty")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        let given = try await Self.server().run(["admin", "user", "list", "--data-dir", empty.path])
        #expect(given.status == 1 && given.stderr.contains("no server data in \(empty.path): "), "\(given)")
        #expect(given.stderr.contains("(from --data-dir)"), "\(given)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: empty.path).isEmpty, "nothing was created")
        let missing = folder.appendingPathComponent("missing")
        let fromEnvironment = try await Self.server(["STRATA_DATA_DIR": missing.path]).run(["admin", "group", "list"])
        #expect(fromEnvironment.status == 1 && fromEnvironment.stderr.contains("(from STRATA_DATA_DIR)"), "\(fromEnvironment)")
        #expect(!FileManager.default.fileExists(atPath: missing.path), "the directory was not created")
    }

    @Test("a --data-dir that is a link to a missing place, or a file, says so in one line (reading and creating commands), and nothing is created")
    func linkToNowhereOrAFile() async throws {
        let folder = try Self.folder()
        let link = folder.appendingPathComponent("link")
        let nowhere = folder.appendingPathComponent("nowhere")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: nowhere.path)
        let file = folder.appendingPathComponent("file")
        try Data("not a folder".utf8).write(to: file)
        for arguments in [["admin", "user", "list"], ["admin", "group", "create", "nurses"], ["migrate"]] {
            let linked = try await Self.server().run(arguments + ["--data-dir", link.path])
            #expect(linked.status == 1 && linked.stdout.isEmpty, "\(arguments): \(linked)")
            #expect(
                linked.stderr == "strata-server: the data directory \(link.path) (from --data-dir) is a symbolic link to "
                    + "\(nowhere.path), which does not exist; create that folder, or name the server's data directory "
                    + "with --data-dir or STRATA_DATA_DIR\n", "\(arguments): \(linked)")
            let filed = try await Self.server(["STRATA_DATA_DIR": file.path]).run(arguments)
            #expect(filed.status == 1 && filed.stdout.isEmpty, "\(arguments): \(filed)")
            #expect(
                filed.stderr == "strata-server: the data directory \(file.path) (from STRATA_DATA_DIR) is a file, not a "
                    + "folder; name the server's data directory with --data-dir or STRATA_DATA_DIR\n", "\(arguments): \(filed)")
        }
        #expect(!FileManager.default.fileExists(atPath: nowhere.path), "nothing was created at the link's target")
        #expect(try String(contentsOf: file, encoding: .utf8) == "not a folder")
    }

    @Test("the commands that create something create the data directory: group create, user create, app create, template save, migrate")
    func creatingCommandsCreate() async throws {
        for arguments in [
            ["admin", "group", "create", "nurses"], ["admin", "user", "create", "alice", "--password", "long enough"],
            ["admin", "app", "create", "org.example.cases", "--version", "1"],
            ["admin", "template", "save", "hello", "--title", "Hello", "--body", "Hi"], ["migrate"],
        ] {
            let directory = try Self.folder().appendingPathComponent("data")
            let outcome = try await Self.server().run(arguments + ["--data-dir", directory.path])
            #expect(outcome.status == 0, "\(arguments): \(outcome)")
            #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("control.sqlite").path), "\(arguments)")
        }
    }

    @Test("STRATA_DATA_DIR names the data directory when --data-dir is not given; --data-dir wins over it")
    func environmentNamesTheDirectory() async throws {
        let folder = try Self.folder()
        let fromEnvironment = folder.appendingPathComponent("from-environment")
        let fromOption = folder.appendingPathComponent("from-option")
        let environment = ["STRATA_DATA_DIR": fromEnvironment.path]
        #expect(try await Self.server(environment).run(["admin", "group", "create", "nurses"]).status == 0)
        #expect(try await Self.server().run(["admin", "group", "create", "doctors", "--data-dir", fromOption.path]).status == 0)
        let listed = try await Self.server(environment).run(["admin", "group", "list"])
        #expect(listed.status == 0 && listed.stdout.hasPrefix("nurses\t") && !listed.stdout.contains("doctors"), "\(listed)")
        let option = try await Self.server(environment).run(["admin", "group", "list", "--data-dir", fromOption.path])
        #expect(option.status == 0 && option.stdout.hasPrefix("doctors\t") && !option.stdout.contains("nurses"), "\(option)")
        let help = try await Self.server().run(["admin", "user", "list", "--help"])
        #expect(help.stdout.contains("STRATA_DATA_DIR"), "\(help)")
    }

    /// Rounds of two `serve` and six admin commands started at once on an empty data directory.
    static let rounds = 30
    static let admins = 6

    @Test("two serve and six admin processes started at once on an empty data directory all succeed, 30 rounds")
    func concurrentFirstCreation() async throws {
        var failures: [String] = []
        for round in 0..<Self.rounds {
            let directory = try Self.folder().appendingPathComponent("data")
            let data = ["--data-dir", directory.path]
            var servers: [StrataProcess.Running] = []
            var commands: [(String, StrataProcess.Running)] = []
            for _ in 0..<2 { servers.append(try Self.server().start(["serve", "--port", "0", "--log-level", "info"] + data)) }
            for index in 0..<Self.admins / 2 {
                commands.append(("group create", try Self.server().start(["admin", "group", "create", "nurses-\(index)"] + data)))
                commands.append(
                    ("app create", try Self.server().start(["admin", "app", "create", "org.example.cases", "--version", "\(index)"] + data)))
            }
            for (name, command) in commands {
                let outcome = await command.finish(within: Patience.childProcess)
                if outcome.status != 0 { failures.append("round \(round), \(name): \(outcome)") }
            }
            // Each server has opened its storage once it says it listens (or has failed).
            for (index, server) in servers.enumerated() {
                let listening = await eventually(within: Patience.childProcess) { server.stdout.snapshot().contains("listening on ") }
                server.signal(SIGTERM)
                let outcome = await server.finish(within: Patience.childProcess)
                if !listening || outcome.status != 0 || outcome.stderr.contains("locked") {
                    failures.append("round \(round), serve #\(index): \(outcome)")
                }
            }
        }
        #expect(failures.isEmpty, "\(failures.count) failures; first: \(failures.prefix(3).joined(separator: "\n"))")
    }
}
