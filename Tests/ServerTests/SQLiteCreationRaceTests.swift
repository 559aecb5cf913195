import Foundation
import Logging
import StrataServerData
import StrataTestSupport
import Testing

/// Opening SQLite storage on an empty data directory from several places at once (within one
/// process here; ``ServerDataDirectoryTests`` does it with processes): every opener succeeds,
/// where switching a new file to WAL used to fail with "database is locked".
@Suite("SQLite server storage: first creation race")
struct SQLiteCreationRaceTests {
    static let rounds = 40
    static let openers = 8

    @Test("8 openers at once on a fresh data directory, 40 rounds: every one opens, none sees database is locked")
    func concurrentOpenersAllSucceed() async throws {
        let logger = Logger(label: "race") { _ in SwiftLogNoOpLogHandler() }
        var failures: [String] = []
        for round in 0..<Self.rounds {
            let directory = TemporaryRoot.directory("sqlite-race")
            let outcomes = await withTaskGroup(of: String?.self) { group in
                for _ in 0..<Self.openers {
                    group.addTask {
                        do {
                            let data = try await ServerDataFactory.open(database: nil, dataDirectory: directory, logger: logger)
                            _ = try await data.appStore(appId: "org.example.cases", version: "1")
                            try await data.close()
                            return nil
                        } catch {
                            return "\(error)"
                        }
                    }
                }
                var failed: [String] = []
                for await outcome in group { if let outcome { failed.append(outcome) } }
                return failed
            }
            failures += outcomes.map { "round \(round): \($0)" }
        }
        #expect(failures.isEmpty, "\(failures.count) failures; first: \(failures.prefix(3).joined(separator: "\n"))")
    }
}
