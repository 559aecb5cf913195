import Foundation
import Testing

/// "Never block the cooperative pool" as a check: no blocking call (SQLite, file and socket
/// I/O, waits, sleeps, PBKDF2…) is reachable from `async` code except through a `BlockingLane`
/// (StrataCrossCutting), the one executor for blocking work. See ``BlockingCallScanner``.
@Suite("Blocking calls: only on a BlockingLane, never from async code")
struct BlockingCallTests {
    /// The repository: three folders up from this file (`Tests/ArchitectureTests/Tests/`).
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Files whose blocking calls from `async` code are accepted, each with why. Keep it short:
    /// every entry must still be needed (a test fails on a stale one).
    static let allowed: [String: String] = [
        "Modules/DataTesting/DataLayerFactory+InMemory.swift":
            "a test double: the in-memory store's temporary folder is made once per test, never in a product",
        "Modules/Server/Data/SQLite/SQLiteAppStore.swift":
            "a transaction body runs inside GRDB's write closure, on the writer's own queue thread, not the cooperative "
            + "pool: the closure waits there for the body (SQLiteAppTransaction.BodyExecutor), as it waits for SQLite",
    ]

    /// Files that may make a thread, dispatch queue or semaphore of their own (anything else uses
    /// `BlockingLane`), each with why; every entry must still be needed.
    static let handMadeAllowed: [String: String] = [
        "Modules/SecretService/SecretServiceCall.swift":
            "a deadline, not an executor: the caller (already on a data-layer lane) waits at most 5 s for libsecret, "
            + "whose call runs on BlockingLane.shared, then cancels it",
        "Modules/Container/Environment/LiveParts.swift":
            "a queue for signal sources, where libdispatch delivers the signals: no blocking work runs on it",
        "Modules/Container/Environment/StandardTerminal.swift":
            "a queue for the SIGWINCH source, where libdispatch delivers the signal: no blocking work runs on it",
        "Modules/Server/Data/SQLite/SQLiteAppTransaction+Executor.swift":
            "a transaction body's executor: its semaphore blocks only GRDB's writer thread, inside the write "
            + "transaction that thread holds anyway, while the body (its only jobs) is away at an actor",
    ]

    /// Every Swift source of `Modules/` and `Hosts/`, relative to the repository.
    static func productionSources() throws -> [BlockingCallScanner.Source] {
        var sources: [BlockingCallScanner.Source] = []
        for folder in ["Modules", "Hosts"] {
            let base = root.appendingPathComponent(folder, isDirectory: true)
            guard let walker = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil) else { continue }
            for case let url as URL in walker where url.pathExtension == "swift" {
                let path = String(url.standardizedFileURL.path.dropFirst(root.standardizedFileURL.path.count + 1))
                sources.append(BlockingCallScanner.Source(path: path, text: try String(contentsOf: url, encoding: .utf8)))
            }
        }
        return sources.sorted { $0.path < $1.path }
    }

    /// What the scan of the repository found (made once for every test here).
    struct RepositoryScan: Sendable {
        let files: Int
        let findings: [BlockingCallScanner.Finding]
        let handMade: [BlockingCallScanner.HandMade]
    }

    static let repository = Result { () throws -> RepositoryScan in
        let scanner = BlockingCallScanner(try productionSources())
        return RepositoryScan(files: scanner.parsed.count, findings: scanner.findings(), handMade: scanner.handMadeExecutors())
    }

    @Test("no blocking call in Modules/ or Hosts/ is made from async code outside a BlockingLane")
    func noBlockingCallFromAsyncCode() throws {
        let scanner = try Self.repository.get()
        #expect(scanner.files > 300, "found only \(scanner.files) sources under \(Self.root.path)")
        let findings = scanner.findings.filter { Self.allowed[$0.path] == nil }
        #expect(
            findings.isEmpty,
            "\(findings.count) blocking call(s) from async code:\n\(findings.map(\.description).joined(separator: "\n"))")
    }

    @Test("every allow-list entry is still needed")
    func allowListsAreNeeded() throws {
        let scanner = try Self.repository.get()
        let flagged = Set(scanner.findings.map(\.path))
        let stale = Self.allowed.keys.filter { !flagged.contains($0) }.sorted()
        #expect(stale.isEmpty, "no longer needed in BlockingCallTests.allowed (remove them): \(stale)")
        let handMade = Set(scanner.handMade.map(\.path))
        let staleHandMade = Self.handMadeAllowed.keys.filter { !handMade.contains($0) }.sorted()
        #expect(staleHandMade.isEmpty, "no longer needed in BlockingCallTests.handMadeAllowed (remove them): \(staleHandMade)")
    }

    @Test("no thread, dispatch queue or semaphore is made for blocking work outside BlockingLane")
    func oneExecutorForBlockingWork() throws {
        let found = try Self.repository.get().handMade
            .filter { Self.handMadeAllowed[$0.path] == nil }
        #expect(found.isEmpty, "\(found.count) hand-made executor(s):\n\(found.map(\.description).joined(separator: "\n"))")
    }

    // MARK: The two gaps the rule once had

    @Test("inbox file I/O called from the async drain (not on a lane) is found, naming the file, line and call")
    func inboxDrainGapIsFound() {
        let findings = BlockingCallScanner([
            .init(
                path: "Kit/Inbox.swift",
                text: """
                    import Foundation
                    struct Inbox {
                        /// Lists `new/` (a comment saying FileManager.default.contentsOfDirectory is not a call).
                        func pendingNames() throws -> [String] {
                            try FileManager.default.contentsOfDirectory(atPath: "new")
                        }
                    }
                    """),
            .init(
                path: "Kit/InboxProcessor.swift",
                text: """
                    struct InboxProcessor {
                        let inbox: Inbox
                        func drain() async throws -> Int {
                            let names = try inbox.pendingNames()
                            return names.count
                        }
                    }
                    """),
        ]).findings()
        #expect(findings.count == 1)
        let finding = findings.first
        #expect(finding?.path == "Kit/InboxProcessor.swift" && finding?.line == 4 && finding?.call == "pendingNames")
        #expect(finding?.context == "async `drain`")
        #expect(finding?.description.contains("lane.run") == true)
    }

    @Test("a server data layer opened synchronously in an init called from async code is found")
    func serverInitGapIsFound() {
        let findings = BlockingCallScanner([
            .init(
                path: "Server/SQLiteServerData.swift",
                text: """
                    final class SQLiteServerData {
                        let pool: DatabasePool
                        init(directory: String) throws {
                            pool = try DatabasePool(path: directory + "/control.sqlite")
                        }
                    }
                    enum ServerDataFactory {
                        static func open(directory: String) async throws -> SQLiteServerData {
                            try SQLiteServerData(directory: directory)
                        }
                    }
                    """)
        ]).findings()
        #expect(findings.map { "\($0.path):\($0.line) \($0.call)" } == ["Server/SQLiteServerData.swift:9 SQLiteServerData"])
    }

    @Test("the same work on a lane, in a sync function, awaited, or in a comment or string passes")
    func laneWorkPasses() {
        let findings = BlockingCallScanner([
            .init(
                path: "Kit/Processor.swift",
                text: #"""
                    import StrataCrossCutting
                    struct Processor {
                        private let queue = BlockingLane(label: "inbox")
                        func listing() throws -> [String] { try FileManager.default.contentsOfDirectory(atPath: "new") }
                        func drain() async throws -> Int {
                            let names = try await queue.run { try listing() }
                            let more = try await BlockingLane.shared.run { try Data(contentsOf: URL(fileURLWithPath: "x")) }
                            let text = "sqlite3_step(statement) \(names.count) FileManager.default.removeItem"
                            // usleep(10)
                            return names.count + more.count + text.count + (try await remote.listing())
                        }
                    }
                    """#)
        ]).findings()
        #expect(findings.isEmpty, "\(findings)")
    }

    @Test("blocking calls in a task, an async closure or a continuation's body are found")
    func asyncClosuresAreChecked() {
        let findings = BlockingCallScanner([
            .init(
                path: "Kit/Loop.swift",
                text: """
                    func start() {
                        Task {
                            usleep(1000)
                        }
                    }
                    func handOver() async -> Int {
                        await withCheckedContinuation { continuation in
                            let done = DispatchSemaphore(value: 0)
                            continuation.resume(returning: 1)
                        }
                    }
                    let work: @Sendable () async -> Void = { () async in
                        sqlite3_step(nil)
                    }
                    """)
        ]).findings()
        #expect(findings.map { "\($0.line) \($0.call)" } == ["3 usleep", "8 DispatchSemaphore", "13 sqlite3_step"])
    }
}
